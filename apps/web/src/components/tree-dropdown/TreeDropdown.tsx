import { CloseCircleFilled } from '@ant-design/icons';
import { TREE_DROPDOWN_MENU_HEIGHT, TREE_DROPDOWN_SEARCH_DELAY_MS, type TreeDropdownOption } from '@vigil/contracts';
import { Button, Space, TreeSelect } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDialog } from '../ConfirmDialog.tsx';

export interface TreeLoadParams {
  q?: string;
  parent_id?: string;
  ids?: string[];
}

export interface TreeDropdownProps {
  /**
   * Loads options by q, parent_id and ids (spec 3 §7 "Table and dropdown loading"): a module's call,
   * e.g. `(query) => api('GET /api/…/tree', { query }, { silent: true }).then((a) => a.data)`.
   */
  load: (params: TreeLoadParams) => Promise<TreeDropdownOption[]>;
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

/** A grouped option's value carries its group code: `<group>:<value>` (spec 3 §3). */
export function optionValue(option: TreeDropdownOption): string {
  return option.groupCode && !option.value.startsWith(`${option.groupCode}:`) ? `${option.groupCode}:${option.value}` : option.value;
}

/** The form rule of a required tree dropdown: at least one value. */
export function requiredTreeRule(message: string) {
  return {
    validator: async (_: unknown, value: unknown) =>
      Array.isArray(value) && value.length > 0 ? undefined : Promise.reject(new Error(message)),
  };
}

interface Node {
  id: string;
  pId?: string;
  value: string;
  title: string;
  isLeaf: boolean;
  disabled?: boolean;
  disableCheckbox?: boolean;
  selectable?: boolean;
}

/**
 * The tree dropdown (spec 3 §4): remote children by parent, remote search after 500 ms, a 250px
 * menu; fixed options cannot be removed; parents of chosen options show chosen and disabled;
 * clearing asks first.
 */
export function TreeDropdown({ load: fetchOptions, value = [], onChange, placeholder, disabled, ...rest }: TreeDropdownProps) {
  const { t } = useTranslation('table');
  const confirm = useConfirmDialog();
  const [options, setOptions] = useState<Map<string, TreeDropdownOption & { parent?: string }>>(new Map());
  const [search, setSearch] = useState('');
  const [searchResults, setSearchResults] = useState<TreeDropdownOption[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const remember = useCallback((list: TreeDropdownOption[], parent?: string) => {
    setOptions((prev) => {
      const next = new Map(prev);
      for (const option of list) next.set(optionValue(option), { ...option, ...(parent ? { parent } : {}) });
      return next;
    });
  }, []);

  useEffect(() => {
    void fetchOptions({}).then((list) => remember(list));
  }, [fetchOptions, remember]);
  // Labels (and ancestors) of chosen values not loaded yet: on mount, and when the value is set from outside.
  const asked = useRef(new Set<string>());
  const missing = value.filter((v) => !options.has(v) && !asked.current.has(v));
  const missingKey = missing.join('\n');
  useEffect(() => {
    if (!missingKey) return;
    const ids = missingKey.split('\n');
    for (const id of ids) asked.current.add(id);
    void fetchOptions({ ids }).then((list) => remember(list));
  }, [missingKey, fetchOptions, remember]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSearch = (text: string) => {
    setSearch(text);
    clearTimeout(timer.current);
    if (!text) {
      setSearchResults(null);
      return;
    }
    timer.current = setTimeout(() => {
      void fetchOptions({ q: text }).then((list) => {
        remember(list);
        setSearchResults(list);
      });
    }, TREE_DROPDOWN_SEARCH_DELAY_MS);
  };

  const fixed = useMemo(() => new Set([...options.values()].filter((o) => o.fixed).map(optionValue)), [options]);
  // Parents of chosen options: shown chosen and disabled.
  const ancestors = useMemo(() => {
    const set = new Set<string>();
    for (const chosen of value) for (const ancestor of options.get(chosen)?.ancestors ?? []) set.add(ancestor);
    return set;
  }, [value, options]);

  const visible = searchResults ?? [...options.values()];
  const treeData: Node[] = visible.map((option) => {
    const key = optionValue(option);
    const isAncestor = ancestors.has(key);
    return {
      id: key,
      pId: searchResults ? undefined : (option as { parent?: string }).parent,
      value: key,
      title: option.groupLabel ? `${option.groupLabel} / ${option.label}` : option.label,
      isLeaf: !option.hasChildren,
      disabled: isAncestor || (fixed.has(key) && value.includes(key)),
      disableCheckbox: option.canSelect === false,
      selectable: option.canSelect !== false,
    };
  });

  const emit = (next: string[]) => {
    // Fixed options stay chosen; ancestors are shown, never sent.
    const kept = [...new Set([...next.filter((v) => !ancestors.has(v)), ...value.filter((v) => fixed.has(v))])];
    onChange?.(kept);
  };

  const clear = () =>
    void confirm({
      title: t('tree.clearConfirm'),
      onConfirm: async () => onChange?.(value.filter((v) => fixed.has(v))),
      successMessage: t('tree.cleared'),
    });

  return (
    <Space.Compact style={{ width: '100%' }}>
      <TreeSelect
        aria-label={rest['aria-label']}
        style={{ width: '100%' }}
        treeDataSimpleMode
        treeData={treeData}
        multiple
        treeCheckable
        treeCheckStrictly
        showCheckedStrategy={TreeSelect.SHOW_ALL}
        listHeight={TREE_DROPDOWN_MENU_HEIGHT}
        disabled={disabled}
        placeholder={placeholder}
        showSearch
        searchValue={search}
        onSearch={onSearch}
        filterTreeNode={false}
        notFoundContent={search ? t('tree.noResultsFor', { search }) : t('tree.noResults')}
        value={[...value, ...[...ancestors].filter((a) => !value.includes(a))].map((v) => ({
          value: v,
          label: options.get(v)?.label ?? v,
        }))}
        onChange={(next: { value: string | number }[] | undefined) => emit((next ?? []).map((item) => String(item.value)))}
        loadData={async (node) => {
          const parent = String((node as { value?: string }).value ?? '');
          const children = await fetchOptions({ parent_id: parent });
          remember(children, parent);
        }}
        tagRender={({ label, value: tagValue, onClose }) =>
          ancestors.has(String(tagValue)) ? (
            <span />
          ) : (
            <span className="ant-select-selection-item" style={{ paddingInlineEnd: 4 }}>
              <span className="ant-select-selection-item-content">{label}</span>
              {fixed.has(String(tagValue)) ? null : (
                <button
                  type="button"
                  aria-label={t('tree.remove', { label: String(label) })}
                  onClick={onClose}
                  style={{ border: 0, background: 'none', cursor: 'pointer' }}
                >
                  ×
                </button>
              )}
            </span>
          )
        }
      />
      {value.some((v) => !fixed.has(v)) && !disabled ? (
        <Button aria-label={t('tree.clear')} icon={<CloseCircleFilled />} onClick={clear} />
      ) : null}
    </Space.Compact>
  );
}

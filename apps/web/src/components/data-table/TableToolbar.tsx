import { CheckOutlined, FilterOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import type { FilterMode } from '@vigil/contracts';
import { Badge, Button, Checkbox, Flex, Input, Popover, Segmented, Space, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../lib/use-phone.ts';
import { MoreMenu } from '../ToolbarActions.tsx';
import type { DataTableColumn } from './types.ts';

const FILTER_MODES: readonly FilterMode[] = ['dropdown', 'card'];

interface Props<Row> {
  search?: { label: string; text: string; onSearch: (text: string) => void };
  /** The filter form, when the table has filters; shown in a popover in the dropdown mode. */
  filterForm: ReactNode | null;
  activeFilterCount: number;
  mode: FilterMode;
  onModeChange: (mode: FilterMode) => void;
  busy: boolean;
  onRefresh: () => void;
  columns: { choosable: DataTableColumn<Row>[]; isHidden: (key: string) => boolean; toggle: (key: string, visible: boolean) => void };
  /** Expand or collapse every tree row, for a tree table. */
  onExpandAll?: (open: boolean) => void;
}

/**
 * Search, filters, the filter mode, refresh, the column chooser and the tree's expand/collapse all.
 * On a phone the toolbar keeps search and filters; its other tools are entries of one "More" menu.
 */
export function TableToolbar<Row>({
  search,
  filterForm,
  activeFilterCount,
  mode,
  onModeChange,
  busy,
  onRefresh,
  columns,
  onExpandAll,
}: Props<Row>) {
  const { t } = useTranslation('table');
  const phone = usePhone();
  const { choosable, isHidden, toggle } = columns;
  const phoneMenu: NonNullable<MenuProps['items']> = [
    { key: 'refresh', icon: <ReloadOutlined />, label: t('refresh'), disabled: busy, onClick: onRefresh },
    ...(filterForm
      ? [
          {
            type: 'group' as const,
            key: 'mode',
            label: t('filters.mode'),
            children: FILTER_MODES.map((value) => ({
              key: `mode:${value}`,
              icon: mode === value ? <CheckOutlined /> : <span className="anticon" />,
              label: t(`filters.${value}`),
              onClick: () => onModeChange(value),
            })),
          },
        ]
      : []),
    {
      key: 'columns',
      icon: <SettingOutlined />,
      label: t('columns.title'),
      children: choosable.length
        ? choosable.map((column) => ({
            key: `column:${column.key}`,
            // The item takes the click; the box only shows the state (and names it to a screen reader).
            label: (
              <Checkbox checked={!isHidden(column.key)} tabIndex={-1} style={{ pointerEvents: 'none' }}>
                {column.title}
              </Checkbox>
            ),
            onClick: () => toggle(column.key, isHidden(column.key)),
          }))
        : [{ key: 'column:none', disabled: true, label: t('columns.none') }],
    },
    ...(onExpandAll
      ? [
          { key: 'expand-all', label: t('tree.expandAll'), onClick: () => onExpandAll(true) },
          { key: 'collapse-all', label: t('tree.collapseAll'), onClick: () => onExpandAll(false) },
        ]
      : []),
  ];

  return (
    <Flex wrap={!phone} gap={8} align="center" style={{ marginBottom: 8 }}>
      {search ? (
        <Input.Search
          key={search.text}
          allowClear
          defaultValue={search.text}
          placeholder={search.label}
          aria-label={search.label}
          onSearch={search.onSearch}
          style={phone ? { flex: 1, minWidth: 0 } : { width: 260 }}
        />
      ) : null}
      {filterForm && mode === 'dropdown' ? (
        <Popover trigger="click" placement="bottomLeft" content={<div style={{ minWidth: phone ? 0 : 320 }}>{filterForm}</div>}>
          <Badge count={activeFilterCount} size="small">
            <Button icon={<FilterOutlined />} disabled={busy}>
              {t('filters.title')}
            </Button>
          </Badge>
        </Popover>
      ) : null}
      {phone ? (
        <MoreMenu items={phoneMenu} />
      ) : (
        <>
          {filterForm ? (
            <Segmented
              aria-label={t('filters.mode')}
              value={mode}
              options={FILTER_MODES.map((value) => ({ value, label: t(`filters.${value}`) }))}
              onChange={(value) => onModeChange(value)}
            />
          ) : null}
          <Button icon={<ReloadOutlined />} disabled={busy} onClick={onRefresh}>
            {t('refresh')}
          </Button>
          <Popover
            trigger="click"
            content={
              choosable.length ? (
                <Space orientation="vertical">
                  {choosable.map((column) => (
                    <Checkbox
                      key={column.key}
                      checked={!isHidden(column.key)}
                      onChange={(event) => toggle(column.key, event.target.checked)}
                    >
                      {column.title}
                    </Checkbox>
                  ))}
                </Space>
              ) : (
                t('columns.none')
              )
            }
          >
            <Button icon={<SettingOutlined />}>{t('columns.title')}</Button>
          </Popover>
          {onExpandAll ? (
            <>
              <Button onClick={() => onExpandAll(true)}>{t('tree.expandAll')}</Button>
              <Button onClick={() => onExpandAll(false)}>{t('tree.collapseAll')}</Button>
            </>
          ) : null}
        </>
      )}
    </Flex>
  );
}

import { DEFAULT_SAVED_QUERY_KEY, DEFAULT_SAVED_QUERY_NAME, SAVED_QUERY_NAME_MAX, type SavedQuery } from '@vigil/contracts';
import { Button, Form, Input, Modal, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useConfirmDialog } from '../ConfirmDialog.tsx';

interface SavedQueryTabsProps {
  tableName: string;
  queries: Record<string, SavedQuery>;
  activeKey: string;
  /** The current canonical query string. */
  current: string;
  /** The canonical form of a stored query string (so an empty stored default equals the default state). */
  canonical?: (queryString: string) => string;
  onSelect: (key: string, queryString: string) => void;
  /** After a save, rename, add or delete: reload the table (and its queries). */
  onChanged: (selectKey?: string) => void;
}

/** The label of a query: the default's name is a translation key. */
function useQueryName() {
  const { t } = useTranslation('table');
  return (query: SavedQuery) => (query.key === DEFAULT_SAVED_QUERY_KEY ? t('savedQuery.default') : query.name);
}

function newQueryKey(): string {
  return `q_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Saved-query tabs (spec 3 §4): unsaved marker, save, rename, delete (not the default), add. */
export function SavedQueryTabs({
  tableName,
  queries,
  activeKey,
  current,
  canonical = (queryString) => queryString,
  onSelect,
  onChanged,
}: SavedQueryTabsProps) {
  const { t } = useTranslation('table');
  const nameOf = useQueryName();
  const confirm = useConfirmDialog();
  const [naming, setNaming] = useState<null | { mode: 'rename' | 'add'; name: string }>(null);
  const active = queries[activeKey] ?? queries[DEFAULT_SAVED_QUERY_KEY];
  const dirty = active !== undefined && canonical(active.query_string) !== current;

  const post = (body: { id?: string; key: string; name: string; query_string: string }) =>
    api('POST /api/saved-query', { body: { ...body, table_name: tableName } });

  const save = async () => {
    if (!active) return;
    await post({
      ...(active.id ? { id: active.id } : {}),
      key: active.key,
      name: active.key === DEFAULT_SAVED_QUERY_KEY ? DEFAULT_SAVED_QUERY_NAME : active.name,
      query_string: current,
    });
    onChanged();
  };

  const submitName = async () => {
    if (!naming || !active) return;
    const name = naming.name.trim();
    if (!name || name.length > SAVED_QUERY_NAME_MAX) return;
    if (naming.mode === 'rename') {
      await post({ ...(active.id ? { id: active.id } : {}), key: active.key, name, query_string: active.query_string });
      setNaming(null);
      onChanged();
    } else {
      const key = newQueryKey();
      await post({ key, name, query_string: current });
      setNaming(null);
      onChanged(key);
    }
  };

  const remove = () =>
    confirm({
      title: t('savedQuery.deleteTitle', { name: active ? nameOf(active) : '' }),
      danger: true,
      onConfirm: async () => {
        if (!active?.id) return;
        try {
          await api('DELETE /api/saved-query/:id', { params: { id: active.id } }, { silent: true });
        } catch (error) {
          // _OBJECT_NOT_FOUND: already gone, the local removal proceeds (spec 3 §8).
          if ((error as { code?: string }).code !== '_OBJECT_NOT_FOUND') throw error;
        }
        onChanged(DEFAULT_SAVED_QUERY_KEY);
        onSelect(DEFAULT_SAVED_QUERY_KEY, queries[DEFAULT_SAVED_QUERY_KEY]?.query_string ?? '');
      },
    });

  const nameError =
    naming &&
    (naming.name.trim() === ''
      ? t('validation.required')
      : naming.name.trim().length > SAVED_QUERY_NAME_MAX
        ? t('common:validation.too_long', { count: SAVED_QUERY_NAME_MAX })
        : null);

  return (
    <>
      {/* The actions sit beside the tab list, not in it: a tablist may only hold tabs. */}
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <Tabs
          style={{ flex: '1 1 auto', minWidth: 0 }}
          activeKey={active?.key}
          onChange={(key) => onSelect(key, queries[key]?.query_string ?? '')}
          items={Object.values(queries).map((query) => ({
            key: query.key,
            label: (
              <span>
                {nameOf(query)}
                {query.key === active?.key && dirty ? (
                  <span aria-label={t('savedQuery.unsaved')} title={t('savedQuery.unsaved')}>
                    {' '}
                    •
                  </span>
                ) : null}
              </span>
            ),
          }))}
        />
        <Space role="toolbar" aria-label={t('savedQuery.actions')}>
          <Button size="small" disabled={!dirty} onClick={() => void save()}>
            {t('savedQuery.save')}
          </Button>
          {active && active.key !== DEFAULT_SAVED_QUERY_KEY ? (
            <>
              <Button size="small" onClick={() => setNaming({ mode: 'rename', name: active.name })}>
                {t('savedQuery.rename')}
              </Button>
              <Button size="small" danger onClick={() => void remove()}>
                {t('savedQuery.delete')}
              </Button>
            </>
          ) : null}
          <Button size="small" type="dashed" onClick={() => setNaming({ mode: 'add', name: '' })}>
            {t('savedQuery.add')}
          </Button>
        </Space>
      </div>
      <Modal
        open={naming !== null}
        title={naming?.mode === 'rename' ? t('savedQuery.rename') : t('savedQuery.add')}
        okText={t('savedQuery.save')}
        cancelText={t('actions.cancel')}
        okButtonProps={{ disabled: Boolean(nameError) }}
        onOk={() => void submitName()}
        onCancel={() => setNaming(null)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('savedQuery.name')} validateStatus={nameError ? 'error' : undefined} help={nameError ?? undefined}>
            <Input
              aria-label={t('savedQuery.name')}
              value={naming?.name ?? ''}
              onChange={(event) => setNaming((prev) => (prev ? { ...prev, name: event.target.value } : prev))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

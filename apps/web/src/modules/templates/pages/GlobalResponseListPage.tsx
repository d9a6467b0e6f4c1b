import { PlusOutlined } from '@ant-design/icons';
import type { GlobalResponse } from '@vigil/contracts';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { useDateFormat } from '../../../lib/dates.ts';
import { readableTextOn } from '../../../lib/readable-text.ts';
import { GLOBAL_RESPONSES_TABLE, loadGlobalResponses, useDeleteGlobalResponse } from '../api.ts';
import { GlobalResponseLanguageModal } from '../components/GlobalResponseLanguageModal.tsx';
import { GlobalResponseModal } from '../components/GlobalResponseModal.tsx';

type Dialog = { kind: 'edit'; set: GlobalResponse | null } | { kind: 'languages'; set: GlobalResponse };

/** `/checklist/global-response/list`: response sets shared by templates, with options, colours, scores and labels per language. */
export function GlobalResponseListPage() {
  const { t, i18n } = useTranslation(['templates', 'common']);
  const remove = useDeleteGlobalResponse();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const dates = useDateFormat();

  const labelIn = (set: GlobalResponse, uuid: string, fallback: string) =>
    set.options_lang[i18n.language]?.find((option) => option.uuid === uuid)?.label ?? fallback;

  const columns: DataTableColumn<GlobalResponse>[] = [
    {
      key: 'name',
      title: t('responses.columns.name'),
      sortable: true,
      fixed: true,
      render: (set) => <Typography.Text strong>{set.name}</Typography.Text>,
    },
    {
      key: 'options',
      title: t('responses.columns.options'),
      render: (set) => (
        <Space size={4} wrap>
          {set.options.map((option) => (
            // Solid, so the label sits on the colour itself in every skin, in the text colour that reads on it.
            <Tag
              key={option.uuid}
              variant={option.color ? 'solid' : undefined}
              color={option.color ?? undefined}
              style={option.color ? { color: readableTextOn(option.color) } : undefined}
            >
              {labelIn(set, option.uuid, option.label)}
              {option.score !== null ? ` (${option.score})` : ''}
            </Tag>
          ))}
        </Space>
      ),
    },
    { key: 'updated_at', title: t('responses.columns.updated_at'), sortable: true, render: (set) => dates.date(set.updated_at) },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: true,
      render: (set) => (
        <RowActions
          actions={[
            {
              label: t('responses.edit'),
              ariaLabel: t('responses.edit_named', { name: set.name }),
              onClick: () => setDialog({ kind: 'edit', set }),
            },
            {
              label: t('responses.languages'),
              ariaLabel: t('responses.languages_named', { name: set.name }),
              onClick: () => setDialog({ kind: 'languages', set }),
            },
            {
              label: t('actions.delete'),
              ariaLabel: t('responses.delete_named', { name: set.name }),
              confirm: {
                title: t('responses.confirm_delete', { name: set.name }),
                okText: t('actions.delete'),
                danger: true,
                onConfirm: () => remove.mutateAsync(set.id),
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div>
      <PageHeader title={t('responses.title')}>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'edit', set: null })}>
          {t('responses.new')}
        </Button>
      </PageHeader>
      <DataTable<GlobalResponse>
        tableId={GLOBAL_RESPONSES_TABLE}
        columns={columns}
        search={{ field: 'name', label: t('responses.search') }}
        load={loadGlobalResponses}
        rowKey={(set) => set.id}
        onCreate={() => setDialog({ kind: 'edit', set: null })}
        createLabel={t('responses.new')}
      />
      {dialog?.kind === 'edit' ? <GlobalResponseModal set={dialog.set} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'languages' ? <GlobalResponseLanguageModal set={dialog.set} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

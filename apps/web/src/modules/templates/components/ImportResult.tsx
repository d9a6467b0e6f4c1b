import { CloseCircleFilled } from '@ant-design/icons';
import { Alert, Space, Switch, Table, Tag, theme } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ImportRowReport {
  row: number;
  values: Record<string, string>;
  errors: string[];
}

/** The file's columns as the import reads them (docs/templates-api.md "Import"). */
const COLUMNS = ['page', 'section', 'title', 'type', 'required', 'options'] as const;
const PAGE_SIZE = 50;

/** The rows of a refused import with their numbers and errors; the switch keeps only the failing rows. */
export function ImportResult({ errorCount, rows }: { errorCount: number; rows: readonly ImportRowReport[] }) {
  const { t } = useTranslation('templates');
  const { token } = theme.useToken();
  const [errorsOnly, setErrorsOnly] = useState(true);
  const switchId = useId();
  const shown = useMemo(() => (errorsOnly ? rows.filter((row) => row.errors.length > 0) : rows), [rows, errorsOnly]);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="error" showIcon role="alert" title={t('import.rows_failed', { count: errorCount, total: rows.length })} />
      <Space>
        <Switch id={switchId} checked={errorsOnly} onChange={setErrorsOnly} />
        <label htmlFor={switchId}>{t('import.errors_only')}</label>
      </Space>
      <Table<ImportRowReport>
        size="small"
        rowKey={(row) => String(row.row)}
        dataSource={shown}
        pagination={shown.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
        scroll={{ x: true }}
        columns={[
          { key: 'row', title: t('import.columns.row'), width: 70, render: (_, row) => row.row },
          ...COLUMNS.map((column) => ({
            key: column,
            title: t(`import.columns.${column}`),
            render: (_: unknown, row: ImportRowReport) => row.values[column] ?? '',
          })),
          {
            key: 'errors',
            title: t('import.columns.errors'),
            render: (_, row) =>
              row.errors.length ? (
                <Space orientation="vertical" size={0}>
                  {row.errors.map((error) => (
                    // The icon carries the red: the danger text colour is too light to read on every skin.
                    <span key={error}>
                      <CloseCircleFilled aria-hidden style={{ color: token.colorError, marginInlineEnd: 6 }} />
                      {error}
                    </span>
                  ))}
                </Space>
              ) : (
                <Tag color="success">{t('import.row_ok')}</Tag>
              ),
          },
        ]}
      />
    </Space>
  );
}

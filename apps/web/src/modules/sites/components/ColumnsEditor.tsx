import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ID_MAX, NAME_MAX, SITE_COLUMN_TYPES, SITE_NODE_COLUMNS_MAX, type SiteColumn } from '@vigil/contracts';
import { Button, Checkbox, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { newColumn } from '../site-tree.ts';

interface Props {
  columns: SiteColumn[];
  readOnly: boolean;
  onChange: (columns: SiteColumn[]) => void;
}

/** A node's columns (spec 3 §3 "Column"): key, title, type, required, unique; 50 at most. */
export function ColumnsEditor({ columns, readOnly, onChange }: Props) {
  const { t } = useTranslation('sites');
  const change = (index: number, patch: Partial<SiteColumn>) =>
    onChange(columns.map((column, at) => (at === index ? { ...column, ...patch } : column)));
  return (
    <div>
      <Typography.Title level={5} style={{ marginBlock: '16px 8px' }}>
        {t('editor.columns')}
      </Typography.Title>
      {columns.length === 0 && <Typography.Text type="secondary">{t('editor.no_columns')}</Typography.Text>}
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('editor.columns')}>
        {columns.map((column, index) => (
          <li key={column.id} data-testid="site-column" style={{ marginBlockEnd: 8 }}>
            <Space wrap>
              <Input
                aria-label={t('editor.column_title', { n: index + 1 })}
                placeholder={t('editor.column_title_placeholder')}
                maxLength={NAME_MAX}
                value={column.title}
                disabled={readOnly}
                onChange={(event) => change(index, { title: event.target.value })}
              />
              <Input
                aria-label={t('editor.column_key', { n: index + 1 })}
                value={column.key}
                maxLength={ID_MAX}
                disabled={readOnly}
                style={{ width: 140 }}
                onChange={(event) => change(index, { key: event.target.value })}
              />
              <Select
                aria-label={t('editor.column_type', { n: index + 1 })}
                value={column.type}
                disabled={readOnly}
                style={{ width: 120 }}
                options={SITE_COLUMN_TYPES.map((type) => ({ value: type, label: t(`editor.column_types.${type}`) }))}
                onChange={(type) => change(index, { type })}
              />
              <Checkbox
                checked={column.required}
                disabled={readOnly}
                onChange={(event) => change(index, { required: event.target.checked })}
              >
                {t('editor.required')}
              </Checkbox>
              <Checkbox checked={column.unique} disabled={readOnly} onChange={(event) => change(index, { unique: event.target.checked })}>
                {t('editor.unique')}
              </Checkbox>
              {!readOnly && (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('editor.remove_column', { n: index + 1 })}
                  onClick={() => onChange(columns.filter((_, at) => at !== index))}
                />
              )}
            </Space>
          </li>
        ))}
      </ul>
      {!readOnly && (
        <Button
          icon={<PlusOutlined aria-hidden />}
          disabled={columns.length >= SITE_NODE_COLUMNS_MAX}
          onClick={() => onChange([...columns, newColumn(columns.length)])}
        >
          {t('editor.add_column')}
        </Button>
      )}
    </div>
  );
}

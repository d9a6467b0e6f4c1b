import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TemplateRow } from '../api.ts';

/** Solid tags with white text: antd's light green and orange tags fall below 4.5:1 contrast. */
const PUBLISHED_COLOR = '#0e700e';
const CHANGES_COLOR = '#a4410e';

/** Draft (never published), published (with its version title), and unpublished changes on top. */
export function TemplateStatus({ row }: { row: TemplateRow }) {
  const { t } = useTranslation('templates');
  return (
    <Space size={4} wrap>
      {row.options.published ? <Tag color={PUBLISHED_COLOR}>{t('status.published')}</Tag> : <Tag>{t('status.draft')}</Tag>}
      {row.options.published && row.options.has_draft ? <Tag color={CHANGES_COLOR}>{t('status.changes')}</Tag> : null}
      {row.archived_at ? <Tag color="default">{t('status.archived')}</Tag> : null}
    </Space>
  );
}

import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_STATE_COLORS } from '../../../lib/theme.ts';
import type { TemplateRow } from '../api.ts';

/** Draft (never published), published (with its version title), and unpublished changes on top. */
export function TemplateStatus({ row }: { row: TemplateRow }) {
  const { t } = useTranslation('templates');
  return (
    <Space size={4} wrap>
      {row.options.published ? <Tag color={TEMPLATE_STATE_COLORS.published}>{t('status.published')}</Tag> : <Tag>{t('status.draft')}</Tag>}
      {row.options.published && row.options.has_draft ? <Tag color={TEMPLATE_STATE_COLORS.changes}>{t('status.changes')}</Tag> : null}
      {row.archived_at ? <Tag color="default">{t('status.archived')}</Tag> : null}
    </Space>
  );
}

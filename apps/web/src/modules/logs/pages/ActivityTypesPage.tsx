import { ACTIVITY_TYPE_GROUP_NAMES, type ActivityTypeItem } from '@vigil/contracts';
import { Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useDateFormat } from '../../../lib/dates.ts';
import { useActivityTypes } from '../api.ts';

const ALL_AREAS = '*';

/**
 * `/log/activity-types` (LOG_VIEW_ACTIVITY_TYPES): the kinds of record the product writes, by
 * area, with how many this workspace holds. A fixed reference list, so it is not paged.
 */
export function ActivityTypesPage() {
  const { t } = useTranslation('logs');
  const dates = useDateFormat();
  const types = useActivityTypes();
  const [area, setArea] = useState<string | undefined>();
  const rows = (types.data ?? []).filter((item) => !area || item.group === area);

  return (
    <div>
      <PageHeader title={t('types_page.title')}>
        <Select
          aria-label={t('types_page.area')}
          style={{ minWidth: 220 }}
          value={area ?? ALL_AREAS}
          onChange={(value: string) => setArea(value === ALL_AREAS ? undefined : value)}
          options={[
            { value: ALL_AREAS, label: t('types_page.all_areas') },
            ...ACTIVITY_TYPE_GROUP_NAMES.map((group) => ({ value: group, label: t(`areas.${group}`, { defaultValue: group }) })),
          ]}
        />
      </PageHeader>
      <Typography.Paragraph type="secondary">{t('types_page.intro')}</Typography.Paragraph>
      <Table<ActivityTypeItem>
        rowKey="type"
        loading={types.isFetching}
        dataSource={rows}
        pagination={false}
        // On a phone the columns keep their content's width and the table scrolls inside its box.
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'name',
            title: t('columns.type'),
            render: (_v, item) => <Typography.Text strong>{t(`types.${item.type}`, { defaultValue: item.type })}</Typography.Text>,
          },
          { key: 'code', title: t('columns.code'), render: (_v, item) => <Typography.Text code>{item.type}</Typography.Text> },
          { key: 'area', title: t('columns.area'), render: (_v, item) => t(`areas.${item.group}`, { defaultValue: item.group }) },
          { key: 'count', title: t('columns.count'), dataIndex: 'count', align: 'end' },
          {
            key: 'last',
            title: t('columns.last'),
            render: (_v, item) => (item.last_at ? <time dateTime={item.last_at}>{dates.when(item.last_at)}</time> : t('never')),
          },
        ]}
      />
    </div>
  );
}

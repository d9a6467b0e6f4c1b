import { FileTextOutlined } from '@ant-design/icons';
import { ASYNC_SELECT_DEBOUNCE_MS } from '@vigil/contracts';
import { Button, Empty, Input, List, Result, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpenPath } from '../../../app/useCanOpenPath.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useDateFormat } from '../../../lib/dates.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { INSPECTIONS_PATH, useStartableTemplates } from '../api.ts';
import { useStartInspection } from '../components/useStartInspection.tsx';

const TEMPLATES_PATH = '/checklist/templates';

/** `/inspections/start`: the published templates the user may start, searched by title; Start opens the new inspection. */
export function StartInspectionPage() {
  const { t } = useTranslation('inspections');
  const dates = useDateFormat();
  const canOpen = useCanOpenPath();
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), ASYNC_SELECT_DEBOUNCE_MS);
  const templates = useStartableTemplates(searched);
  const { start, startingId, dialog } = useStartInspection();

  const empty = searched ? (
    <Empty description={t('start.no_match', { search: searched })} />
  ) : (
    <Empty description={t('start.none')}>
      {canOpen(TEMPLATES_PATH) ? <Link to={TEMPLATES_PATH}>{t('start.to_templates')}</Link> : null}
    </Empty>
  );

  return (
    <div className="inspection-start">
      <PageHeader title={t('start.title')}>
        {canOpen(INSPECTIONS_PATH) ? <Link to={INSPECTIONS_PATH}>{t('links.inspections')}</Link> : null}
      </PageHeader>
      <Input.Search
        aria-label={t('start.search')}
        placeholder={t('start.search')}
        allowClear
        loading={templates.isFetching}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onSearch={setSearch}
        style={{ maxWidth: 480, marginBottom: 16 }}
      />
      {templates.isError ? (
        <Result
          status="warning"
          title={t('start.load_failed')}
          extra={<Button onClick={() => void templates.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <List
          loading={templates.isFetching && !templates.data}
          dataSource={templates.data ?? []}
          locale={{ emptyText: templates.data ? empty : ' ' }}
          renderItem={(template) => (
            <List.Item
              key={template.id}
              data-testid="startable-template"
              actions={[
                <Button
                  key="start"
                  type="primary"
                  aria-label={t('start.start_named', { title: template.title })}
                  loading={startingId === template.id}
                  disabled={startingId !== null && startingId !== template.id}
                  onClick={() => start(template)}
                >
                  {t('start.start')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={<FileTextOutlined aria-hidden style={{ fontSize: 20 }} />}
                title={<Typography.Text strong>{template.title}</Typography.Text>}
                description={
                  <Space size={4} wrap>
                    <span>{t('start.version', { version: template.version, date: dates.date(template.published_at) })}</span>
                    {template.contains_asset ? <Tag>{t('start.asks_asset')}</Tag> : null}
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      )}
      {dialog}
    </div>
  );
}

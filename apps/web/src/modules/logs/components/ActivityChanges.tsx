import type { ActivityLogEntry } from '@vigil/contracts';
import { Button, Descriptions, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const show = (value: unknown) => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** What a record changed: each key's value before and after, in a popover. */
export function ActivityChanges({ entry }: { entry: ActivityLogEntry }) {
  const { t } = useTranslation('logs');
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Popover
      trigger="click"
      title={t('changes.title')}
      content={
        <Descriptions size="small" column={1} bordered style={{ maxWidth: 480 }}>
          {keys.map((key) => (
            <Descriptions.Item key={key} label={key}>
              <div>
                {t('changes.before')}: {show(entry.before?.[key])}
              </div>
              <div>
                {t('changes.after')}: {show(entry.after?.[key])}
              </div>
            </Descriptions.Item>
          ))}
        </Descriptions>
      }
    >
      <Button size="small" type="link">
        {t('changes.show', { count: keys.length })}
      </Button>
    </Popover>
  );
}

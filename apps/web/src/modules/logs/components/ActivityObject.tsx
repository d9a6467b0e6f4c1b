import type { ActivityLogEntry } from '@vigil/contracts';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpenPath } from '../../../app/useCanOpenPath.ts';
import { objectPath } from '../object-links.ts';

/** A record's object: its kind, and its name as it was, linked while the object exists and the reader may open its screen. */
export function ActivityObject({ entry }: { entry: ActivityLogEntry }) {
  const { t } = useTranslation('logs');
  const canOpen = useCanOpenPath();
  const target = objectPath(entry);
  const path = target && canOpen(target) ? target : null;
  const name = entry.object_name;
  return (
    <span>
      <Typography.Text type="secondary">{t(`objects.${entry.object_type}`, { defaultValue: entry.object_type })}</Typography.Text>
      {name ? <> {path ? <Link to={path}>{name}</Link> : <span>{name}</span>}</> : null}
      {entry.object_id && !entry.object_exists ? <Tag style={{ marginInlineStart: 8 }}>{t('object.deleted')}</Tag> : null}
    </span>
  );
}

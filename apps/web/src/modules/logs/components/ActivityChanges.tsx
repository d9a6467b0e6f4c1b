import type { ActivityLogEntry } from '@vigil/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates.ts';
import { fieldChanges, fieldLabel, formatValue, missingFrom, type FieldChange } from '../activity-values.ts';

/** One changed field: a list's additions and removals, an update's old value → new value, or the value. */
function ChangeLine({ change }: { change: FieldChange }) {
  const { t } = useTranslation('logs');
  const dates = useDateFormat();
  const show = (value: unknown) => formatValue(t, dates, change.field, value);
  const { before, after } = change;
  let detail;
  if (change.shape === 'update' && Array.isArray(before) && Array.isArray(after)) {
    const added = missingFrom(after, before);
    const removed = missingFrom(before, after);
    detail = [
      added.length > 0 ? t('changes.added', { items: show(added) }) : null,
      removed.length > 0 ? t('changes.removed', { items: show(removed) }) : null,
    ]
      .filter(Boolean)
      .join('; ');
  } else if (change.shape === 'update') {
    detail = (
      <>
        <del>{show(before)}</del> {t('changes.arrow')} <ins style={{ textDecoration: 'none' }}>{show(after)}</ins>
      </>
    );
  } else {
    detail = show(after ?? before);
  }
  return (
    <li>
      <Typography.Text type="secondary">{fieldLabel(t, change.field)}:</Typography.Text> {detail}
    </li>
  );
}

/** What a record changed, field by field with labels in the reader's language. */
export function ActivityChanges({ entry }: { entry: ActivityLogEntry }) {
  const { t } = useTranslation('logs');
  const changes = fieldChanges(entry);
  if (changes.length === 0) return <Typography.Text type="secondary">{t('changes.none')}</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none', maxWidth: 480 }}>
      {changes.map((change) => (
        <ChangeLine key={change.field} change={change} />
      ))}
    </ul>
  );
}

import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TemplateRow } from '../api.ts';

export type RowAction =
  | 'open'
  | 'start_inspection'
  | 'clone'
  | 'move'
  | 'archive'
  | 'restore'
  | 'delete'
  | 'new_template'
  | 'new_folder'
  | 'rename'
  | 'move_folder'
  | 'delete_folder';

/**
 * What each kind of row offers (archived templates: restore and delete only); a published template
 * can be started by someone who conducts inspections.
 */
function actionsFor(row: TemplateRow, archived: boolean, canStart: boolean): RowAction[] {
  if (!row.is_template) return archived ? [] : ['new_template', 'new_folder', 'rename', 'move_folder', 'delete_folder'];
  if (archived) return ['restore', 'delete'];
  return ['open', ...(canStart && row.options.published ? (['start_inspection'] as const) : []), 'clone', 'move', 'archive', 'delete'];
}

const DANGER: readonly RowAction[] = ['delete', 'delete_folder'];

/** A row's actions in a menu (keyboard: Enter opens it, arrows move, Enter chooses). */
export function TemplateRowActions({
  row,
  archived,
  canStart = false,
  onAction,
}: {
  row: TemplateRow;
  archived: boolean;
  /** The user may start inspections. */
  canStart?: boolean;
  onAction: (action: RowAction, row: TemplateRow) => void;
}) {
  const { t } = useTranslation('templates');
  const actions = actionsFor(row, archived, canStart);
  if (!actions.length) return null;
  const items: MenuProps['items'] = actions.map((action) => ({
    key: action,
    label: t(`actions.${action}`),
    danger: DANGER.includes(action),
  }));
  return (
    <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            onAction(key as RowAction, row);
          },
        }}
      >
        <Button size="small" icon={<MoreOutlined aria-hidden />} aria-label={t('actions.label', { name: row.title })} />
      </Dropdown>
    </span>
  );
}

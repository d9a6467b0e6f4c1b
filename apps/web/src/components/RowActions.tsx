import { Button, Space } from 'antd';
import { Link } from 'react-router';
import { useConfirmDialog, type ConfirmOptions } from './ConfirmDialog.tsx';

interface ActionBase {
  label: string;
  /** The accessible name when the label alone does not say which row (`Delete Site A`). */
  ariaLabel?: string;
}

/** A row's action: a link, a button, or a button that asks first (red when the confirmation is). */
export type RowAction = ActionBase & ({ to: string } | { onClick: () => void } | { confirm: ConfirmOptions });

/**
 * A table row's actions as small buttons side by side; `false` leaves an action out for this row. Clicks and
 * keys on them stay here, so a row that opens on click does not open too.
 */
export function RowActions({ actions }: { actions: (RowAction | false)[] }) {
  const confirm = useConfirmDialog();
  return (
    <Space wrap onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      {actions.map((action) => {
        if (!action) return null;
        if ('to' in action)
          return (
            <Link key={action.label} to={action.to} aria-label={action.ariaLabel}>
              {action.label}
            </Link>
          );
        const onClick = 'confirm' in action ? () => void confirm(action.confirm) : action.onClick;
        return (
          <Button
            key={action.label}
            size="small"
            danger={'confirm' in action && action.confirm.danger}
            aria-label={action.ariaLabel}
            onClick={onClick}
          >
            {action.label}
          </Button>
        );
      })}
    </Space>
  );
}

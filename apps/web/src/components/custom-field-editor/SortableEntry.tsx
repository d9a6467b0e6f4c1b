import { HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DragSource } from './draft.ts';

export interface SortableEntryProps {
  /** The drag-and-drop id, unique across the palette and both lists. */
  id: string;
  source: DragSource;
  /** Names the entry for its handle and for screen-reader announcements. */
  label: string;
  disabled?: boolean;
  /** Palette entries wrap in a row; list entries fill a line. */
  inline?: boolean;
  children: ReactNode;
}

/** One draggable entry: a handle (pointer or keyboard: space, arrows, space) followed by its content. */
export function SortableEntry({ id, source, label, disabled, inline, children }: SortableEntryProps) {
  const { t } = useTranslation('table');
  const { token } = theme.useToken();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    data: { source, label },
    disabled,
    attributes: { roleDescription: t('customFields.dnd.roleDescription') },
  });
  return (
    <div
      ref={setNodeRef}
      role="listitem"
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.4 : 1,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: inline ? 0 : `${token.paddingXS}px 0`,
        borderBottom: inline ? undefined : `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Button
        ref={setActivatorNodeRef}
        type="text"
        size="small"
        icon={<HolderOutlined />}
        disabled={disabled}
        style={{ cursor: disabled ? undefined : 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
        aria-label={t('customFields.drag', { name: label })}
      />
      {children}
    </div>
  );
}

import { useDndContext, useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Card, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { FieldList } from './draft.ts';

export interface FieldListBoxProps {
  list: FieldList;
  title: string;
  /** The drag-and-drop ids of the entries, in order. */
  ids: string[];
  emptyText: string;
  children: ReactNode[];
}

/** A list fields can be dropped on (anywhere in it, or before one of its entries), outlined while a drag is over it. */
export function FieldListBox({ list, title, ids, emptyText, children }: FieldListBoxProps) {
  const { token } = theme.useToken();
  const { setNodeRef } = useDroppable({ id: list, data: { list, label: title } });
  const { over } = useDndContext();
  const isOver =
    over !== null &&
    (over.id === list || (over.data.current as { sortable?: { containerId?: unknown } } | undefined)?.sortable?.containerId === list);
  return (
    <Card size="small" title={title}>
      <SortableContext id={list} items={ids} strategy={verticalListSortingStrategy}>
        <div
          ref={setNodeRef}
          data-drop-target={isOver || undefined}
          style={{
            minHeight: 48,
            borderRadius: token.borderRadius,
            outline: isOver ? `2px dashed ${token.colorPrimary}` : undefined,
            outlineOffset: 2,
          }}
        >
          <div role="list" aria-label={title}>
            {children}
          </div>
          {children.length ? null : <Typography.Text type="secondary">{emptyText}</Typography.Text>}
        </div>
      </SortableContext>
    </Card>
  );
}

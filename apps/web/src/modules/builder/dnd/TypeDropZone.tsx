import { useDroppable } from '@dnd-kit/core';
import { theme } from 'antd';
import { useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import { TREE_DROP_ZONE, useTypeDrop } from '../components/BuilderDnd.tsx';
import { gapTop } from './drop-line.ts';
import { INDENT_PX } from './projection.ts';

/**
 * The centre column as a drop target for question types: anywhere in it, down to the bottom of the
 * window, a dragged type lands in the slot the line shows (at its depth); an empty page is outlined.
 */
export function TypeDropZone({ children }: { children: ReactNode }) {
  const { drop, zone } = useTypeDrop();
  const { token } = theme.useToken();
  const { setNodeRef } = useDroppable({ id: TREE_DROP_ZONE, data: { kind: 'tree' } });
  const setNode = useCallback(
    (node: HTMLDivElement | null) => {
      setNodeRef(node);
      zone.current = node;
    },
    [setNodeRef, zone],
  );
  const line = useRef<HTMLDivElement>(null);
  const slot = drop?.kind === 'slot' ? drop : null;
  const empty = slot !== null && slot.after === null && slot.before === null;

  useLayoutEffect(() => {
    const node = zone.current;
    if (!slot || !line.current || !node) return;
    const top = gapTop(node, slot.after, slot.before);
    if (top !== null) line.current.style.top = `${top - node.getBoundingClientRect().top}px`;
  }, [slot, zone]);

  return (
    <div
      ref={setNode}
      data-testid="type-drop-zone"
      style={{
        position: 'relative',
        minHeight: 'calc(100vh - 120px)',
        borderRadius: token.borderRadius,
        outline: empty ? `2px dashed ${token.colorPrimary}` : undefined,
      }}
    >
      {children}
      {slot && !empty && (
        <div
          ref={line}
          aria-hidden
          data-testid="type-drop-line"
          style={{
            position: 'absolute',
            insetInlineStart: (slot.slot.depth - 1) * INDENT_PX,
            insetInlineEnd: 0,
            height: 3,
            marginBlockStart: -1,
            borderRadius: 2,
            background: token.colorPrimary,
            pointerEvents: 'none',
          }}
        />
      )}
    </div>
  );
}

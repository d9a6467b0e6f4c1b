import {
  closestCenter,
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type Announcements,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { movePage, moveItems, pagesOf } from '@vigil/checklist';
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INDENT_PX, projectDrop, visibleRows } from '../dnd/projection.ts';
import { useEditorStore } from '../state/EditorContext.tsx';
import { useBuilderCommands } from './useBuilderCommands.tsx';

export type DragKind = 'page' | 'item';

interface DragState {
  activeId: string | null;
  kind: DragKind | null;
}

const DragContext = createContext<DragState>({ activeId: null, kind: null });

export function useDragState(): DragState {
  return useContext(DragContext);
}

const kindOf = (data: { current?: Record<string, unknown> | undefined } | undefined): DragKind | null =>
  (data?.current?.kind as DragKind | undefined) ?? null;

/**
 * Pages drag among pages; items drag within the page's tree, or onto a page in the pages list to
 * move there. Where an item lands is projected, then `moveItems` / `movePage` decide; a refusal
 * opens the error dialog with the domain's message.
 */
const collision: CollisionDetection = (args) => {
  const kind = kindOf(args.active.data);
  const pages = args.droppableContainers.filter((container) => kindOf(container.data) === 'page');
  if (kind === 'page') return closestCenter({ ...args, droppableContainers: pages });
  const onPage = pointerWithin({ ...args, droppableContainers: pages });
  if (onPage.length > 0) return onPage;
  return closestCorners({ ...args, droppableContainers: args.droppableContainers.filter((container) => kindOf(container.data) === 'item') });
};

export function BuilderDnd({ children }: { children: ReactNode }) {
  const store = useEditorStore();
  const commands = useBuilderCommands();
  const [drag, setDrag] = useState<DragState>({ activeId: null, kind: null });
  const offsetX = useRef(0);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const { t } = useTranslation('builder');
  const accessibility = useMemo(() => {
    const name = (id: string | number | undefined) => {
      const item = store.getState().document.items.find((entry) => entry.id === String(id));
      return item ? item.title || t(`types.${item.type}`) : '';
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('dnd.picked', { title: name(active.id) }),
      onDragOver: ({ active, over }) => (over ? t('dnd.over', { title: name(active.id), over: name(over.id) }) : undefined),
      onDragEnd: ({ active }) => t('dnd.dropped', { title: name(active.id) }),
      onDragCancel: ({ active }) => t('dnd.cancelled', { title: name(active.id) }),
    };
    return { announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } };
  }, [store, t]);

  const onDragStart = (event: DragStartEvent) => {
    offsetX.current = 0;
    setDrag({ activeId: String(event.active.id), kind: kindOf(event.active.data) });
  };
  const onDragMove = (event: DragMoveEvent) => {
    offsetX.current = document.documentElement.dir === 'rtl' ? -event.delta.x : event.delta.x;
  };
  const onDragEnd = (event: DragEndEvent) => {
    setDrag({ activeId: null, kind: null });
    const { active, over } = event;
    if (!over) return;
    const activeId = String(active.id);
    const overId = String(over.id);
    const { document, pageId, collapsed } = store.getState();
    if (kindOf(active.data) === 'page') {
      if (activeId === overId) return;
      const ordinary = pagesOf(document).filter((page) => page.type === 'page').map((page) => page.id);
      const index = ordinary.indexOf(overId);
      if (index < 0) return;
      commands.run((doc) => movePage(doc, activeId, index));
      return;
    }
    if (kindOf(over.data) === 'page') {
      if (overId === pageId) return;
      commands.run((doc) => moveItems(doc, [activeId], { parent_id: overId }));
      return;
    }
    const rows = visibleRows(document, pageId, collapsed, activeId);
    const projection = projectDrop(rows, pageId, activeId, overId, Math.round(offsetX.current / INDENT_PX));
    if (!projection) return;
    commands.run((doc) => moveItems(doc, [activeId], { parent_id: projection.parent_id, index: projection.index }), { select: activeId });
  };

  return (
    <DndContext
      sensors={sensors}
      accessibility={accessibility}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDrag({ activeId: null, kind: null })}
    >
      <DragContext.Provider value={drag}>{children}</DragContext.Provider>
    </DndContext>
  );
}


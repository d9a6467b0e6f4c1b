import {
  closestCenter,
  closestCorners,
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type Collision,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { Coordinates } from '@dnd-kit/utilities';
import { movePage, moveItems, pagesOf, type ItemType } from '@vigil/checklist';
import { Tag } from 'antd';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { gapTop, revealGap, rowMiddles } from '../dnd/drop-line.ts';
import { BuilderKeyboardSensor, isTypeDrag, type BuilderKeyboardOptions } from '../dnd/keyboard-sensor.ts';
import { INDENT_PX, projectDrop, visibleRows, type TreeRow } from '../dnd/projection.ts';
import { endOfPage, moveSlot, previousSibling, slotAt, targetOfSlot, type Slot, type SlotMove } from '../dnd/type-drop.ts';
import { useEditorStore } from '../state/EditorContext.tsx';
import { useBuilderCommands, type InsertionTarget } from './useBuilderCommands.tsx';

export type DragKind = 'page' | 'item' | 'type';

interface DragState {
  activeId: string | null;
  kind: DragKind | null;
}

const DragContext = createContext<DragState>({ activeId: null, kind: null });

export function useDragState(): DragState {
  return useContext(DragContext);
}

/** What a question type's button in the types panel hands to the drag: `add` places it (with its plan check). */
export interface TypeDragData {
  kind: 'type';
  type: ItemType;
  add: (target?: InsertionTarget) => void;
}

/**
 * Where a question type being dragged would land: a slot of the current page's tree (with the rows
 * around it, to draw the line), or the end of a page of the pages panel.
 */
export type TypeDrop = { kind: 'slot'; slot: Slot; after: string | null; before: string | null } | { kind: 'page'; pageId: string };

interface TypeDropState {
  drop: TypeDrop | null;
  /** The tree's drop zone (`TypeDropZone`), where the rows are measured. */
  zone: MutableRefObject<HTMLElement | null>;
}

const TypeDropContext = createContext<TypeDropState>({ drop: null, zone: { current: null } });

export function useTypeDrop(): TypeDropState {
  return useContext(TypeDropContext);
}

/** The id of the tree's drop zone for question types. */
export const TREE_DROP_ZONE = 'builder-tree-zone';

const kindOf = (data: { current?: Record<string, unknown> | undefined } | undefined): string | null =>
  (data?.current?.kind as string | undefined) ?? null;

const typeOf = (active: Active): ItemType => (active.data.current as TypeDragData).type;

const isRtl = () => document.documentElement.dir === 'rtl';

const sameDrop = (a: TypeDrop | null, b: TypeDrop | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    (a.kind === 'page'
      ? b.kind === 'page' && a.pageId === b.pageId
      : b.kind === 'slot' && a.slot.index === b.slot.index && a.slot.depth === b.slot.depth));

const slotDrop = (rows: readonly TreeRow[], slot: Slot): TypeDrop => ({
  kind: 'slot',
  slot,
  after: rows[slot.index - 1]?.id ?? null,
  before: rows[slot.index]?.id ?? null,
});

/**
 * Pages drag among pages; items drag within the page's tree, or onto a page in the pages list to
 * move there; question types drag from the types panel into the tree (`TypeDropZone`) or onto a page.
 * Where an item or type lands is projected, then `moveItems` / `movePage` / `addItem` decide; a
 * refusal opens the error dialog with the domain's message.
 */
const collision: CollisionDetection = (args) => {
  const kind = kindOf(args.active.data);
  const ofKind = (wanted: string) => args.droppableContainers.filter((container) => kindOf(container.data) === wanted);
  const pages = ofKind('page');
  if (kind === 'page') return closestCenter({ ...args, droppableContainers: pages });
  if (kind === 'type') {
    // A keyboard drag of a type walks the slots (BuilderKeyboardSensor), it is never "over" anything.
    const pointer = args.pointerCoordinates;
    if (!pointer) return [];
    const onPage = pointerWithin({ ...args, droppableContainers: pages });
    if (onPage.length > 0) return onPage;
    // The pointer goes along: the slot is read from it and the rows' positions.
    return pointerWithin({ ...args, droppableContainers: ofKind('tree') }).map((hit) => ({ ...hit, data: { ...hit.data, pointer } }));
  }
  const onPage = pointerWithin({ ...args, droppableContainers: pages });
  if (onPage.length > 0) return onPage;
  return closestCorners({ ...args, droppableContainers: ofKind('item') });
};

const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };

export function BuilderDnd({ children }: { children: ReactNode }) {
  const store = useEditorStore();
  const commands = useBuilderCommands();
  const [drag, setDrag] = useState<DragState>({ activeId: null, kind: null });
  const [draggedType, setDraggedType] = useState<ItemType | null>(null);
  const offsetX = useRef(0);
  const zone = useRef<HTMLElement | null>(null);
  const keyboard = useRef(false);
  const draggingType = useRef(false);
  // The drop is kept in a ref for the announcements and the drop itself, and in state for the line.
  const typeDrop = useRef<TypeDrop | null>(null);
  const [shownDrop, setShownDrop] = useState<TypeDrop | null>(null);
  const setTypeDrop = useCallback((next: TypeDrop | null) => {
    if (sameDrop(typeDrop.current, next)) return;
    typeDrop.current = next;
    setShownDrop(next);
  }, []);

  /** The current page's rows; a type is no row, so none is left out. */
  const currentRows = useCallback(() => {
    const { document, pageId, collapsed } = store.getState();
    return visibleRows(document, pageId, collapsed);
  }, [store]);

  /** A keyboard type drag's arrow key: the next slot, and where the chip goes to follow it. */
  const onTypeMove = useCallback(
    (move: SlotMove): Coordinates | null => {
      const rows = currentRows();
      const current = typeDrop.current;
      const slot = current?.kind === 'slot' ? moveSlot(rows, current.slot, move) : endOfPage(rows);
      if (!slot) return null;
      const next = slotDrop(rows, slot) as Extract<TypeDrop, { kind: 'slot' }>;
      setTypeDrop(next);
      const node = zone.current;
      if (!node) return null;
      revealGap(node, next.after, next.before);
      const rect = node.getBoundingClientRect();
      const indent = (slot.depth - 1) * INDENT_PX;
      return { x: isRtl() ? rect.right - indent : rect.left + indent, y: gapTop(node, next.after, next.before) ?? rect.top };
    },
    [currentRows, setTypeDrop],
  );

  const keyboardOptions = useMemo<BuilderKeyboardOptions>(
    () => ({ coordinateGetter: sortableKeyboardCoordinates, onTypeMove }),
    [onTypeMove],
  );
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(BuilderKeyboardSensor, keyboardOptions));

  /** The slot under the pointer, from the rows' positions in the zone. */
  const pointerDrop = useCallback(
    (hit: Collision | undefined): TypeDrop | null => {
      if (!hit) return null;
      const container = hit.data?.droppableContainer as { data: { current?: Record<string, unknown> } } | undefined;
      if (kindOf(container?.data) === 'page') return { kind: 'page', pageId: String(hit.id) };
      const node = zone.current;
      const pointer = hit.data?.pointer as Coordinates | undefined;
      if (!node || !pointer) return null;
      const rows = currentRows();
      const rect = node.getBoundingClientRect();
      const rtl = isRtl();
      return slotDrop(rows, slotAt(rows, rowMiddles(node, rows), pointer, rtl ? rect.right : rect.left, rtl));
    },
    [currentRows],
  );

  const { t } = useTranslation('builder');
  const accessibility = useMemo(() => {
    const name = (id: string | number | undefined) => {
      const item = store.getState().document.items.find((entry) => entry.id === String(id));
      if (!item) return '';
      if (item.title) return item.title;
      return item.type === 'page' ? t('pages.untitled') : t(`types.${item.type}`);
    };
    const typeName = (active: Active) => t(`types.${typeOf(active)}`);
    /** Where the dragged type would land, in words. */
    const where = (active: Active): string => {
      const type = typeName(active);
      const drop = typeDrop.current;
      if (!drop) return t('dnd.type_nowhere', { type });
      if (drop.kind === 'page') return t('dnd.type_page_end', { type, page: name(drop.pageId) });
      const rows = currentRows();
      const target = targetOfSlot(rows, store.getState().pageId, drop.slot);
      const previous = previousSibling(rows, target);
      const parent = name(target.parent_id);
      return previous ? t('dnd.type_after', { type, parent, previous: name(previous) }) : t('dnd.type_first', { type, parent });
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        if (!isTypeDrag(active)) return t('dnd.picked', { title: name(active.id) });
        const picked = t('dnd.picked', { title: typeName(active) });
        return keyboard.current ? `${picked} ${where(active)}` : picked;
      },
      onDragMove: ({ active }) => (isTypeDrag(active) ? where(active) : undefined),
      onDragOver: ({ active, over }) =>
        isTypeDrag(active) || !over ? undefined : t('dnd.over', { title: name(active.id), over: name(over.id) }),
      onDragEnd: ({ active }) => {
        if (!isTypeDrag(active)) return t('dnd.dropped', { title: name(active.id) });
        return t(typeDrop.current ? 'dnd.dropped' : 'dnd.cancelled', { title: typeName(active) });
      },
      onDragCancel: ({ active }) => t('dnd.cancelled', { title: isTypeDrag(active) ? typeName(active) : name(active.id) }),
    };
    return { announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } };
  }, [store, t, currentRows]);

  const onDragStart = (event: DragStartEvent) => {
    offsetX.current = 0;
    const kind = kindOf(event.active.data) as DragKind | null;
    setDrag({ activeId: String(event.active.id), kind });
    draggingType.current = kind === 'type';
    typeDrop.current = null;
    setShownDrop(null);
    if (kind !== 'type') return;
    setDraggedType(typeOf(event.active));
    keyboard.current = event.activatorEvent instanceof KeyboardEvent;
    // By keyboard the type starts at the end of the page: Space twice adds it there.
    if (!keyboard.current) return;
    const rows = currentRows();
    setTypeDrop(slotDrop(rows, endOfPage(rows)));
  };
  const onDragMove = (event: DragMoveEvent) => {
    offsetX.current = isRtl() ? -event.delta.x : event.delta.x;
    if (kindOf(event.active.data) === 'type' && !keyboard.current) setTypeDrop(pointerDrop(event.collisions?.[0]));
  };
  const endDrag = () => {
    setDrag({ activeId: null, kind: null });
    setDraggedType(null);
    setShownDrop(null);
  };
  const onDragEnd = (event: DragEndEvent) => {
    endDrag();
    const { active, over } = event;
    const { document, pageId, collapsed } = store.getState();
    if (kindOf(active.data) === 'type') {
      const drop = typeDrop.current;
      if (!drop) return;
      const { add } = active.data.current as TypeDragData;
      if (drop.kind === 'page') add({ parent_id: drop.pageId });
      else {
        const target = targetOfSlot(currentRows(), pageId, drop.slot);
        add({ parent_id: target.parent_id, index: target.index });
      }
      return;
    }
    if (!over) return;
    const activeId = String(active.id);
    const overId = String(over.id);
    if (kindOf(active.data) === 'page') {
      if (activeId === overId) return;
      const ordinary = pagesOf(document)
        .filter((page) => page.type === 'page')
        .map((page) => page.id);
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

  const typeDropState = useMemo(() => ({ drop: shownDrop, zone }), [shownDrop]);
  // A type still over the side column (no drop yet) scrolls nothing: the page would move under a
  // pointer that starts low in the types panel before it ever reached the tree.
  const autoScroll = useMemo(() => ({ canScroll: () => !draggingType.current || typeDrop.current !== null }), []);
  return (
    <DndContext
      sensors={sensors}
      autoScroll={autoScroll}
      accessibility={accessibility}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={endDrag}
    >
      <DragContext.Provider value={drag}>
        <TypeDropContext.Provider value={typeDropState}>{children}</TypeDropContext.Provider>
      </DragContext.Provider>
      {/* Only for types: a mounted overlay takes the place of the dragged row or page too. */}
      {draggedType && (
        <DragOverlay dropAnimation={null}>
          <Tag color="processing" style={{ margin: 0, cursor: 'grabbing', boxShadow: '0 2px 8px rgba(0, 0, 0, 0.15)' }}>
            {t(`types.${draggedType}`)}
          </Tag>
        </DragOverlay>
      )}
    </DndContext>
  );
}

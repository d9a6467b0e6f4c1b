import { CaretDownOutlined, CaretRightOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Item } from '@vigil/checklist';
import { Checkbox } from 'antd';
import { memo } from 'react';
import { INDENT_PX } from '../dnd/projection.ts';
import { useEditor, useEditorItem, useEditorStore } from '../state/EditorContext.tsx';
import { ItemActionBar } from './ItemActionBar.tsx';

/** The rows' texts in the current language, made once per language by the tree rather than per row. */
export interface RowText {
  drag: string;
  untitled: string;
  expand: string;
  collapse: string;
  required: string;
  hidden: string;
  problems: (count: number) => string;
  typeName: (type: Item['type']) => string;
  titleLabel: (typeName: string) => string;
  choose: (title: string) => string;
}

interface ItemRowProps {
  id: string;
  collapsed: boolean;
  selected: boolean;
  /** Whether the item is chosen in multi-select mode; null when the mode is off. */
  chosen: boolean | null;
  text: RowText;
  onTitle: (id: string, title: string) => void;
}

/**
 * One item of the tree: drag handle, collapse toggle for sections, title, type, and its action bar
 * when selected. It reads its item from the store, so typing in a title re-renders this row only.
 * A page holds a hundred rows or more: they are plain elements styled with the theme's CSS variables
 * (builder.css), as antd's Button, Input and Tag cost several times as much to render each.
 */
export const ItemRow = memo(function ItemRow({ id, collapsed, selected, chosen, text, onTitle }: ItemRowProps) {
  const item = useEditorItem(id);
  const problems = useEditor((state) => state.problemCounts.get(id) ?? 0);
  const store = useEditorStore();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, data: { kind: 'item' } });
  if (!item) return null;
  const section = item.type === 'section';
  const typeName = text.typeName(item.type);
  const className = ['builder-item', selected && 'is-selected', section && 'is-section', isDragging && 'is-dragging']
    .filter(Boolean)
    .join(' ');
  return (
    <li
      ref={setNodeRef}
      className={className}
      data-item-id={item.id}
      data-testid="item-row"
      style={{ transform: CSS.Translate.toString(transform), transition, marginInlineStart: (item.depth - 1) * INDENT_PX }}
      onClick={() => !selected && store.select(item.id)}
    >
      <div className="builder-item-line">
        <button
          type="button"
          className="builder-icon-button builder-handle"
          aria-label={`${text.drag}: ${item.title || typeName}`}
          {...attributes}
          {...listeners}
        >
          <HolderOutlined aria-hidden />
        </button>
        {chosen !== null && (
          <Checkbox
            checked={chosen}
            aria-label={text.choose(item.title || typeName)}
            onChange={() => store.toggleChosen(item.id)}
            onClick={(event) => event.stopPropagation()}
          />
        )}
        {section && (
          <button
            type="button"
            className="builder-icon-button"
            aria-expanded={!collapsed}
            aria-label={collapsed ? text.expand : text.collapse}
            onClick={(event) => {
              event.stopPropagation();
              store.toggleCollapsed(item.id);
            }}
          >
            {collapsed ? <CaretRightOutlined aria-hidden /> : <CaretDownOutlined aria-hidden />}
          </button>
        )}
        <input
          data-title
          className="builder-title"
          aria-label={text.titleLabel(typeName)}
          placeholder={text.untitled}
          value={item.title}
          onFocus={() => store.select(item.id)}
          onChange={(event) => onTitle(item.id, event.target.value)}
        />
        <span className="builder-tag">{typeName}</span>
        {item.options.required === true && <span className="builder-tag is-required">{text.required}</span>}
        {item.options.hidden === true && <span className="builder-tag">{text.hidden}</span>}
        {problems > 0 && (
          <span className="builder-tag is-problem" data-testid="item-problems">
            {text.problems(problems)}
          </span>
        )}
      </div>
      {selected && <ItemActionBar item={item} />}
    </li>
  );
});

import { CaretDownOutlined, CaretRightOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { updateItem } from '@vigil/checklist';
import { Button, Checkbox, Input, Tag } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { INDENT_PX } from '../dnd/projection.ts';
import { useEditorItem, useEditorStore } from '../state/EditorContext.tsx';
import { ItemActionBar } from './ItemActionBar.tsx';
import { useBuilderCommands } from './useBuilderCommands.tsx';

interface ItemRowProps {
  id: string;
  collapsed: boolean;
  selected: boolean;
  /** Whether the item is chosen in multi-select mode; null when the mode is off. */
  chosen: boolean | null;
}

/**
 * One item of the tree: drag handle, collapse toggle for sections, title, type, and its action bar
 * when selected. It reads its item from the store, so typing in a title re-renders this row only.
 */
export const ItemRow = memo(function ItemRow({ id, collapsed, selected, chosen }: ItemRowProps) {
  const item = useEditorItem(id);
  const { t } = useTranslation('builder');
  const store = useEditorStore();
  const commands = useBuilderCommands();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, data: { kind: 'item' } });
  if (!item) return null;
  const section = item.type === 'section';
  const typeName = t(`types.${item.type}`);
  const className = ['builder-item', selected && 'is-selected', section && 'is-section', isDragging && 'is-dragging'].filter(Boolean).join(' ');
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
        <Button type="text" size="small" className="builder-handle" aria-label={`${t('items.drag')}: ${item.title || typeName}`} icon={<HolderOutlined aria-hidden />} {...attributes} {...listeners} />
        {chosen !== null && (
          <Checkbox
            checked={chosen}
            aria-label={t('items.choose', { title: item.title || typeName })}
            onChange={() => store.toggleChosen(item.id)}
            onClick={(event) => event.stopPropagation()}
          />
        )}
        {section && (
          <Button
            type="text"
            size="small"
            aria-expanded={!collapsed}
            aria-label={collapsed ? t('items.expand') : t('items.collapse')}
            icon={collapsed ? <CaretRightOutlined aria-hidden /> : <CaretDownOutlined aria-hidden />}
            onClick={(event) => {
              event.stopPropagation();
              store.toggleCollapsed(item.id);
            }}
          />
        )}
        <Input
          data-title
          aria-label={t('items.title_label', { type: typeName })}
          placeholder={t('items.untitled')}
          value={item.title}
          variant={selected ? 'outlined' : 'borderless'}
          onFocus={() => store.select(item.id)}
          onChange={(event) => commands.run((doc) => updateItem(doc, item.id, { title: event.target.value }), { coalesce: `${item.id}.title` })}
        />
        <Tag>{typeName}</Tag>
        {item.options.required === true && <Tag color="red">{t('action_bar.required')}</Tag>}
        {item.options.hidden === true && <Tag>{t('action_bar.hidden')}</Tag>}
      </div>
      {selected && <ItemActionBar item={item} />}
    </li>
  );
});

import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { succeed, updateItem, type Item } from '@vigil/checklist';
import { Empty, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { visibleRows } from '../dnd/projection.ts';
import { useEditor } from '../state/EditorContext.tsx';
import { useDragState } from './BuilderDnd.tsx';
import { ItemRow } from './ItemRow.tsx';
import { useBuilderCommands } from './useBuilderCommands.tsx';
import { useStable } from './useStable.ts';

/** The current page's items as a tree; sections collapse; rows drag within and across sections. */
export function ItemTree() {
  const { t } = useTranslation('builder');
  const commands = useBuilderCommands();
  const items = useEditor((state) => state.document.items);
  const pageId = useEditor((state) => state.pageId);
  const collapsed = useEditor((state) => state.collapsed);
  const selectedId = useEditor((state) => state.selectedId);
  const chosen = useEditor((state) => state.multiSelect);
  const drag = useDragState();
  const byId = useMemo(() => new Map<string, Item>(items.map((item) => [item.id, item])), [items]);
  const rows = useMemo(
    () => visibleRows({ items } as Parameters<typeof visibleRows>[0], pageId, collapsed, drag.kind === 'item' ? drag.activeId : null),
    [items, pageId, collapsed, drag],
  );
  const stableRows = useStable(rows, (a, b) => a.id === b.id && a.depth === b.depth && a.collapsed === b.collapsed);
  const ids = useMemo(() => stableRows.map((row) => row.id), [stableRows]);
  const page = byId.get(pageId);
  if (!page) return null;
  return (
    <section aria-labelledby="builder-page-title">
      <Input
        id="builder-page-title"
        aria-label={t('pages.title_label')}
        size="large"
        variant="borderless"
        style={{ fontSize: 20, fontWeight: 600, marginBlockEnd: 8 }}
        value={page.title}
        onChange={(event) =>
          commands.run((doc) => (page.type === 'hidden_page' ? succeed(doc) : updateItem(doc, page.id, { title: event.target.value })), {
            coalesce: `${page.id}.title`,
          })
        }
      />
      {rows.length === 0 ? (
        <Empty description={t('items.empty')} />
      ) : (
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol aria-label={t('items.list_label')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((row) => (
              <ItemRow
                key={row.id}
                item={byId.get(row.id)!}
                collapsed={row.collapsed}
                selected={row.id === selectedId}
                chosen={chosen ? chosen.has(row.id) : null}
              />
            ))}
          </ol>
        </SortableContext>
      )}
    </section>
  );
}

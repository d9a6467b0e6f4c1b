import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { succeed, updateItem } from '@vigil/checklist';
import { Empty, Input } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { visibleRows, type TreeRow } from '../dnd/projection.ts';
import { useEditor, useEditorItem, useEditorSlice } from '../state/EditorContext.tsx';
import type { EditorState } from '../state/editor-store.ts';
import { useDragState } from './BuilderDnd.tsx';
import { ItemRow, type RowText } from './ItemRow.tsx';
import { useBuilderCommands } from './useBuilderCommands.tsx';

const sameRow = (a: TreeRow, b: TreeRow) => a.id === b.id && a.depth === b.depth && a.collapsed === b.collapsed;
const sameRows = (a: readonly TreeRow[], b: readonly TreeRow[]) => a.length === b.length && a.every((row, i) => sameRow(row, b[i]));

/**
 * The current page's items as a tree; sections collapse; rows drag within and across sections. The
 * tree re-renders only when the page's rows change (order, depth, collapse), not when a title does:
 * each row reads its own item from the store.
 */
export function ItemTree() {
  const { t } = useTranslation('builder');
  const commands = useBuilderCommands();
  const pageId = useEditor((state) => state.pageId);
  const selectedId = useEditor((state) => state.selectedId);
  const chosen = useEditor((state) => state.multiSelect);
  const drag = useDragState();
  const dragged = drag.kind === 'item' ? drag.activeId : null;
  const selectRows = useCallback((state: EditorState) => visibleRows(state.document, state.pageId, state.collapsed, dragged), [dragged]);
  const rows = useEditorSlice(selectRows, sameRows);
  const ids = useMemo(() => rows.map((row) => row.id), [rows]);
  const page = useEditorItem(pageId);
  const text = useMemo(
    (): RowText => ({
      drag: t('items.drag'),
      untitled: t('items.untitled'),
      expand: t('items.expand'),
      collapse: t('items.collapse'),
      required: t('action_bar.required'),
      hidden: t('action_bar.hidden'),
      problems: (count) => t('problems.count', { count }),
      typeName: (type) => t(`types.${type}`),
      titleLabel: (type) => t('items.title_label', { type }),
      choose: (title) => t('items.choose', { title }),
    }),
    [t],
  );
  const { run } = commands;
  const onTitle = useCallback(
    (id: string, title: string) => run((doc) => updateItem(doc, id, { title }), { coalesce: `${id}.title` }),
    [run],
  );
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
                id={row.id}
                collapsed={row.collapsed}
                selected={row.id === selectedId}
                chosen={chosen ? chosen.has(row.id) : null}
                text={text}
                onTitle={onTitle}
              />
            ))}
          </ol>
        </SortableContext>
      )}
    </section>
  );
}

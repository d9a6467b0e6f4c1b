import { EyeInvisibleOutlined, HolderOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { pagesOf, setPageHidden, type Item } from '@vigil/checklist';
import { Button, Dropdown, Space, Tag, Typography } from 'antd';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorSlice, useEditorStore } from '../state/EditorContext.tsx';
import type { EditorState } from '../state/editor-store.ts';
import { useDragState } from './BuilderDnd.tsx';
import { useBuilderCommands } from './useBuilderCommands.tsx';

const listedPages = (state: EditorState): Item[] => pagesOf(state.document).filter((page) => page.type !== 'hidden_page');
const samePages = (a: readonly Item[], b: readonly Item[]) => a.length === b.length && a.every((page, i) => page === b[i]);

/** Pages in order (start first, end last); ordinary pages reorder by drag and drop; the hidden page is not shown. */
export function PagesPanel() {
  const { t } = useTranslation('builder');
  const commands = useBuilderCommands();
  const pages = useEditorSlice(listedPages, samePages);
  const currentId = useEditor((state) => state.pageId);
  const ids = useMemo(() => pages.map((page) => page.id), [pages]);
  const ordinaryCount = pages.filter((page) => page.type === 'page').length;
  const hasStart = pages.some((page) => page.type === 'start_page');
  const hasEnd = pages.some((page) => page.type === 'end_page');
  return (
    <nav>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('pages.title')}
      </Typography.Title>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="pages-list">
          {pages.map((page) => (
            <PageRow key={page.id} page={page} current={page.id === currentId} ordinaryCount={ordinaryCount} />
          ))}
        </ol>
      </SortableContext>
      <Space orientation="vertical" style={{ width: '100%', marginBlockStart: 8 }}>
        <Button block icon={<PlusOutlined aria-hidden />} onClick={() => commands.addNewPage('page')}>
          {t('pages.add')}
        </Button>
        {!hasStart && (
          <Button block type="dashed" onClick={() => commands.addNewPage('start_page')}>
            {t('pages.add_start')}
          </Button>
        )}
        {!hasEnd && (
          <Button block type="dashed" onClick={() => commands.addNewPage('end_page')}>
            {t('pages.add_end')}
          </Button>
        )}
      </Space>
    </nav>
  );
}

const PageRow = memo(function PageRow({ page, current, ordinaryCount }: { page: Item; current: boolean; ordinaryCount: number }) {
  const { t } = useTranslation('builder');
  const store = useEditorStore();
  const commands = useBuilderCommands();
  const drag = useDragState();
  const fixed = page.type !== 'page';
  const { attributes, listeners, setNodeRef, transform, transition, isOver } = useSortable({
    id: page.id,
    data: { kind: 'page' },
    disabled: { draggable: fixed },
  });
  const hidden = page.options.not_visible === true;
  const label = page.title || (fixed ? t(page.type === 'start_page' ? 'pages.start' : 'pages.end') : t('pages.untitled'));
  const menu = [
    { key: 'hide', label: fixed ? (hidden ? t('pages.enable') : t('pages.disable')) : hidden ? t('pages.unhide') : t('pages.hide') },
    { key: 'delete', label: t('pages.delete'), danger: true, disabled: !fixed && ordinaryCount <= 1 },
  ];
  const onMenu = ({ key }: { key: string }) => {
    if (key === 'hide') commands.run((doc) => setPageHidden(doc, page.id, !hidden));
    if (key === 'delete') commands.remove([page.id]);
  };
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`builder-page-row${isOver && (drag.kind === 'item' || drag.kind === 'type') ? ' is-drop-target' : ''}`}
      aria-current={current ? 'page' : undefined}
      data-page-id={page.id}
      data-testid="page-row"
    >
      {!fixed && (
        <Button
          type="text"
          size="small"
          className="builder-handle"
          aria-label={`${t('pages.drag')}: ${label}`}
          icon={<HolderOutlined aria-hidden />}
          {...attributes}
          {...listeners}
        />
      )}
      <Button type="text" className="builder-page-title" onClick={() => store.showPage(page.id)}>
        {label}
      </Button>
      {fixed && <Tag>{t(page.type === 'start_page' ? 'pages.start' : 'pages.end')}</Tag>}
      {hidden && <Tag icon={<EyeInvisibleOutlined aria-hidden />}>{fixed ? t('pages.disabled') : t('pages.hidden')}</Tag>}
      <Dropdown menu={{ items: menu, onClick: onMenu }} trigger={['click']}>
        <Button type="text" size="small" aria-label={`${t('pages.menu')}: ${label}`} icon={<MoreOutlined aria-hidden />} />
      </Dropdown>
    </li>
  );
});

import {
  addItem,
  addPage,
  changeWithoutConflictingLinks,
  conflictingLinksOf,
  copyItems,
  deleteItems,
  pagesOf,
  pasteItems,
  planDeletion,
  succeed,
  type Item,
  type Refusal,
  type TemplateDocument,
  type Warning,
} from '@vigil/checklist';
import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';
import { readClipboard, writeClipboard } from '../clipboard.ts';
import { withDocument, type ApplyOutcome, type Change } from '../state/editor-store.ts';
import { useEditorStore } from '../state/EditorContext.tsx';

export interface InsertionTarget {
  parent_id: string;
  index?: number;
}

/** Where a new or pasted item goes: into the selected section, after the selected item, or at the page's end. */
export function insertionTarget(doc: TemplateDocument, pageId: string, selectedId: string | null): InsertionTarget {
  const selected = selectedId ? doc.items.find((item) => item.id === selectedId) : undefined;
  if (!selected || selected.depth === 0) return { parent_id: pageId };
  if (selected.type === 'section') return { parent_id: selected.id };
  const parentId = selected.parent_id!;
  const siblings = doc.items.filter((item) => item.parent_id === parentId);
  return { parent_id: parentId, index: siblings.findIndex((item) => item.id === selected.id) + 1 };
}

/** The builder's commands, each a domain operation with the dialogs of spec 2 §8 around it. */
export function useBuilderCommands() {
  const store = useEditorStore();
  const { modal } = App.useApp();
  const { t } = useTranslation(['builder', 'checklist']);

  const messageOf = useCallback((entry: Refusal | Warning) => t(`checklist:messages.${entry.code}`, entry.params), [t]);

  /** A refused change: the error dialog with an Ok button and the domain's message. */
  const refuse = useCallback(
    (refusal: Refusal) => {
      modal.error({ title: t('dialogs.refused_title'), content: messageOf(refusal), okText: t('dialogs.ok') });
    },
    [modal, t, messageOf],
  );

  const run = useCallback(
    (change: Change, options?: Parameters<typeof store.apply>[1]): ApplyOutcome => {
      const outcome = store.apply(change, options);
      if (outcome.ok) for (const entry of outcome.warnings) showToast('warning', messageOf(entry));
      else if (conflictingLinksOf(outcome).length > 0) offerToRemoveLinks(change, options, outcome);
      else refuse(outcome);
      return outcome;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- offerToRemoveLinks (below) reads the same store, dialogs and texts, which these follow.
    [store, refuse, messageOf],
  );

  /**
   * Spec 2 §8, a change that breaks dependency order (a reorder): the warning names the links in the
   * way; "Continue anyway" removes them and makes the change, as one undo step.
   */
  function offerToRemoveLinks(change: Change, options: Parameters<typeof store.apply>[1], refusal: Refusal): void {
    const { document } = store.getState();
    const plan = changeWithoutConflictingLinks(document, change);
    if (!plan.ok) {
      refuse(refusal);
      return;
    }
    const titleOf = (id: string) => document.items.find((item) => item.id === id)?.title || t('items.untitled');
    modal.confirm({
      title: t('dialogs.refused_title'),
      okText: t('delete.continue'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      content: (
        <div>
          <p>{messageOf(refusal)}</p>
          <p>{t('dependency_conflict.links')}</p>
          <ul data-testid="conflicting-links">
            {plan.value.removed.map((link) => (
              <li key={`${link.kind}:${link.from}:${link.to}`}>
                {t('dependency_conflict.link', { from: titleOf(link.from), to: titleOf(link.to), kind: t(`delete.kinds.${link.kind}`) })}
              </li>
            ))}
          </ul>
        </div>
      ),
      onOk: () => {
        run((doc) => {
          const result = changeWithoutConflictingLinks(doc, change);
          return result.ok ? succeed(result.value.document, result.warnings) : result;
        }, options);
      },
    });
  }

  return useMemo(() => {
    const typeName = (type: Item['type']) => t(`types.${type}`);

    /** Adds a question at `target` (a drop), by default at the insertion point (a click). */
    const addQuestion = (type: Item['type'], target?: InsertionTarget) => {
      const { document, pageId, selectedId } = store.getState();
      const at = target ?? insertionTarget(document, pageId, selectedId);
      let newId = '';
      run((doc) => {
        let base = doc;
        const options: Partial<Item['options']> = {};
        if (type === 'list' || type === 'dropdown') {
          // A list needs at least two responses to be valid; it starts with two to rename.
          const set = {
            uuid: crypto.randomUUID(),
            options: [1, 2].map((n) => ({ uuid: crypto.randomUUID(), label: t('details.response_default', { n }) })),
          };
          base = { ...doc, responses: [...doc.responses, set] };
          options.response_set_id = set.uuid;
        }
        const result = addItem(base, { ...at, type, title: typeName(type), options });
        if (result.ok) newId = result.value.id;
        return withDocument(result);
      });
      if (newId) store.reveal(newId, scrollToItem);
    };

    const addNewPage = (type: 'page' | 'start_page' | 'end_page' = 'page') => {
      const { document, pageId } = store.getState();
      const count = pagesOf(document).filter((page) => page.type === 'page').length;
      const title = type === 'page' ? t('pages.new_title', { n: count + 1 }) : typeName(type);
      let newId = '';
      run((doc) => {
        const result = addPage(doc, { type, after: type === 'page' ? pageId : null, title });
        if (result.ok) newId = result.value.id;
        return withDocument(result);
      });
      if (newId) store.showPage(newId);
    };

    /** Deletes with the reference warning: linked items are listed, the user may continue anyway. */
    const remove = (ids: string[]) => {
      const { document } = store.getState();
      if (ids.length === 0) return;
      const links = planDeletion(document, ids);
      const first = document.items.find((item) => item.id === ids[0]);
      const title =
        ids.length === 1
          ? t('delete.title', { title: first?.title || t('items.untitled') })
          : t('delete.title_items', { count: ids.length });
      modal.confirm({
        title,
        okText: links.length > 0 ? t('delete.continue') : t('action_bar.delete'),
        okButtonProps: { danger: true },
        cancelText: t('common:actions.cancel'),
        content:
          links.length > 0 ? (
            <div>
              <p>{t('delete.links')}</p>
              <ul data-testid="delete-links">
                {links.map((link) => (
                  <li key={link.id}>
                    {link.title || t('items.untitled')} ({link.kinds.map((kind) => t(`delete.kinds.${kind}`)).join(', ')})
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            t('delete.content')
          ),
        onOk: () => {
          run((doc) => deleteItems(doc, ids));
        },
      });
    };

    const copy = (ids: string[]) => {
      const clipboard = copyItems(store.getState().document, ids);
      writeClipboard(clipboard);
      showToast('success', t('clipboard.copied', { count: clipboard.items.filter((item) => item.depth === 0).length }));
    };

    const paste = () => {
      const clipboard = readClipboard();
      if (!clipboard || clipboard.items.length === 0) {
        showToast('warning', t('clipboard.empty'));
        return;
      }
      const { document, pageId, selectedId } = store.getState();
      let pasted: string[] = [];
      const outcome = run((doc) => {
        const result = pasteItems(doc, clipboard, insertionTarget(document, pageId, selectedId));
        if (result.ok) pasted = result.value.ids;
        return withDocument(result);
      });
      if (outcome.ok) {
        showToast('success', t('clipboard.pasted', { count: pasted.length }));
        if (pasted[0]) store.reveal(pasted[0], scrollToItem);
      }
    };

    /** Applies a document a modal built with a domain operation. */
    const applyDocument = (next: TemplateDocument) => run(() => succeed(next));

    return { run, refuse, addQuestion, addNewPage, remove, copy, paste, applyDocument };
  }, [store, run, refuse, modal, t]);
}

/**
 * The reveal callback: bring the item's row into view and focus its title, unless the user is
 * typing in another field by now (the header's title, a details field): focus never jumps away
 * from what they type.
 */
export function scrollToItem(id: string): void {
  const row = document.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"]`);
  row?.scrollIntoView({ block: 'center' });
  const active = document.activeElement;
  const typingElsewhere =
    active instanceof HTMLElement && !row?.contains(active) && (active.matches('input, textarea, select') || active.isContentEditable);
  if (!typingElsewhere) row?.querySelector<HTMLInputElement>('input[data-title]')?.focus({ preventScroll: true });
}

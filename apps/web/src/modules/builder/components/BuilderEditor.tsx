import { Layout } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TypeDropZone } from '../dnd/TypeDropZone.tsx';
import { useEditorStore } from '../state/EditorContext.tsx';
import { BuilderDnd } from './BuilderDnd.tsx';
import { BuilderHeader } from './BuilderHeader.tsx';
import { DeprecatedBanner } from './DeprecatedBanner.tsx';
import { DetailsPanel } from './DetailsPanel.tsx';
import { ItemTree } from './ItemTree.tsx';
import { PagesPanel } from './PagesPanel.tsx';
import { SaveDialogs } from './SaveDialogs.tsx';
import { TypesPanel } from './TypesPanel.tsx';
import './builder.css';

/** Whether a key event is typing in a field, where the browser's own undo must win. */
function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

function useShortcuts(): void {
  const store = useEditorStore();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      const undo = key === 'z' && !event.shiftKey;
      const redo = (key === 'z' && event.shiftKey) || key === 'y';
      if (!undo && !redo) return;
      // In a field, the first Ctrl+Z ends the typing step; the store's undo covers the whole field.
      if (isTextField(event.target)) (event.target as HTMLElement).blur();
      event.preventDefault();
      if (undo) store.undo();
      else store.redo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}

export function BuilderEditor() {
  const { t } = useTranslation('builder');
  useShortcuts();
  return (
    <Layout className="builder" aria-label={t('title')}>
      <BuilderHeader />
      <DeprecatedBanner />
      <BuilderDnd>
        <div className="builder-columns">
          <aside className="builder-pages" aria-label={t('pages.title')}>
            <PagesPanel />
          </aside>
          <main className="builder-canvas">
            <TypeDropZone>
              <ItemTree />
            </TypeDropZone>
          </main>
          <aside className="builder-side">
            <TypesPanel />
            <DetailsPanel />
          </aside>
        </div>
      </BuilderDnd>
      <SaveDialogs />
    </Layout>
  );
}

import { useEffect, useState } from 'react';
import { classifySaveError, publishTemplate, saveTemplate, type LoadedTemplate } from '../api.ts';
import { BuilderEditor } from '../components/BuilderEditor.tsx';
import { createSaveScheduler } from '../state/autosave.ts';
import { createEditorStore, type EditorStore } from '../state/editor-store.ts';
import { EditorContext } from '../state/EditorContext.tsx';

/** The editor of one loaded template: its store (autosave to the server) and the builder's screen. */
export function EditorRoot({ templateId, loaded }: { templateId: string; loaded: LoadedTemplate }) {
  const [store] = useState<EditorStore>(() =>
    createEditorStore(loaded, {
      save: (document, revision) => saveTemplate(templateId, document, revision),
      publish: (revision) => publishTemplate(templateId, revision),
      classify: classifySaveError,
      schedule: createSaveScheduler(),
    }),
  );
  useEffect(() => () => store.dispose(), [store]);
  return (
    <EditorContext.Provider value={store}>
      <BuilderEditor />
    </EditorContext.Provider>
  );
}

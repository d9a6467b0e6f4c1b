import { Button, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../state/EditorContext.tsx';

/**
 * Leaving with an unsaved change asks first (the browser shows its own text). Here rather than in
 * the editor's root, so that a change of save status re-renders these dialogs, not the whole editor.
 */
function useLeaveWarning(): void {
  const status = useEditor((state) => state.save.status);
  useEffect(() => {
    // In a conflict the change cannot be saved any more; reloading is the dialog's own way out.
    if (status === 'saved' || status === 'conflict') return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [status]);
}

/**
 * Spec 2 §8: CKL_REVISION_NOT_MATCH opens the checklist-conflict dialog with the server's message;
 * any other save error the dialog headed Error with the unexpected-error text.
 */
export function SaveDialogs() {
  const { t } = useTranslation('builder');
  const store = useEditorStore();
  const status = useEditor((state) => state.save.status);
  const failure = useEditor((state) => state.save.failure);
  const dismissed = useEditor((state) => state.save.failure === null);
  useLeaveWarning();
  return (
    <>
      <Modal
        open={status === 'conflict'}
        title={t('dialogs.conflict_title')}
        closable={false}
        mask={{ closable: false }}
        footer={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('dialogs.conflict_reload')}
          </Button>
        }
      >
        <p data-testid="conflict-message">{failure?.kind === 'conflict' ? failure.message : null}</p>
      </Modal>
      <Modal
        open={status === 'error' && !dismissed}
        title={t('dialogs.error_title')}
        onCancel={() => store.dismissFailure()}
        footer={[
          <Button key="ok" onClick={() => store.dismissFailure()}>
            {t('dialogs.ok')}
          </Button>,
          <Button key="retry" type="primary" onClick={() => store.retrySave()}>
            {t('dialogs.retry')}
          </Button>,
        ]}
      >
        <p>{t('dialogs.unexpected')}</p>
      </Modal>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { builderKeys, classifySaveError, loadTemplate, publishTemplate, saveTemplate, type LoadedTemplate } from '../api.ts';
import { BuilderEditor } from '../components/BuilderEditor.tsx';
import { createSaveScheduler } from '../state/autosave.ts';
import { createEditorStore, type EditorStore } from '../state/editor-store.ts';
import { EditorContext } from '../state/EditorContext.tsx';

/** `/checklist/template/{templateId}/edit`: the template builder (blank layout, CKL_MANAGE_TEMPLATES). */
export function BuilderPage() {
  const { templateId = '' } = useParams();
  const { t } = useTranslation('builder');
  const template = useQuery({
    queryKey: builderKeys.template(templateId),
    queryFn: () => loadTemplate(templateId),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  if (template.isError) return <TemplateLoadFailed />;
  if (!template.data) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spin tip={t('loading')} size="large">
          <div style={{ padding: 48 }} />
        </Spin>
      </div>
    );
  }
  return <EditorRoot key={templateId} templateId={templateId} loaded={template.data} />;
}

function EditorRoot({ templateId, loaded }: { templateId: string; loaded: LoadedTemplate }) {
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

function TemplateLoadFailed() {
  const { t } = useTranslation('builder');
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={<h1 className="result-title">{t('load_failed.title')}</h1>}
      subTitle={t('load_failed.text')}
      extra={
        <Button type="primary" onClick={() => navigate('/checklist/templates')}>
          {t('load_failed.back')}
        </Button>
      }
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../../lib/api.ts';

// The route's own chunk holds this page only: the editor (the checklist domain, the components) is a
// second chunk, downloaded and compiled while the document is requested rather than before. The
// editor component comes with the document, so nothing suspends (React holds a revealed Suspense
// boundary back for a while).
async function openTemplate(id: string) {
  const [builder, template, editor] = await Promise.all([
    import('../api.ts'),
    api('GET /api/checklist/template/:id', { params: { id } }),
    import('./EditorRoot.tsx'),
  ]);
  return { loaded: builder.toLoadedTemplate(template.data), EditorRoot: editor.EditorRoot };
}

/** `/checklist/template/{templateId}/edit`: the template builder (blank layout, CKL_MANAGE_TEMPLATES). */
export function BuilderPage() {
  const { templateId = '' } = useParams();
  const { t } = useTranslation('builder');
  const template = useQuery({
    queryKey: ['builder', 'template', templateId],
    queryFn: () => openTemplate(templateId),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  if (template.isError) return <TemplateLoadFailed />;
  if (!template.data) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spin description={t('loading')} size="large">
          <div style={{ padding: 48 }} />
        </Spin>
      </div>
    );
  }
  const { EditorRoot, loaded } = template.data;
  return <EditorRoot key={templateId} templateId={templateId} loaded={loaded} />;
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
        <Button type="primary" onClick={() => void navigate('/checklist/templates')}>
          {t('load_failed.back')}
        </Button>
      }
    />
  );
}

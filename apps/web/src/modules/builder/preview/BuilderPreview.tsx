import { ClearOutlined, ExperimentOutlined } from '@ant-design/icons';
import { Button, Empty, Space, theme, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuilderPreviewProps } from '../extensions.ts';
import { childrenIndex, PreviewContext, type PreviewScope } from './PreviewContext.ts';
import { PreviewItemList } from './PreviewItemList.tsx';
import { ScoreTag } from './ScoreTag.tsx';
import { usePreviewSession } from './usePreviewSession.ts';
import './preview.css';

/**
 * The checklist as an inspector sees it, in a phone-sized frame: pages as steps, rules, calculations
 * and scores evaluated live by `@vigil/checklist`. It follows the document being edited; the deferred
 * value keeps the editor's typing ahead of the preview's re-evaluation.
 */
export function BuilderPreview({ document: edited }: BuilderPreviewProps) {
  const { t } = useTranslation('builder-preview');
  const { token } = theme.useToken();
  const document = useDeferredValue(edited);
  const session = usePreviewSession(document);
  const { evaluated, evaluator, keyOf, answerOf, answer, touched } = session;
  const [pageIndex, setPageIndex] = useState(0);
  const [status, setStatus] = useState('');

  const childrenOf = useMemo(() => childrenIndex(document.items), [document]);
  const scope = useMemo<PreviewScope>(() => ({ document: evaluated, evaluator, keyOf, answerOf, answer }), [evaluated, evaluator, keyOf, answerOf, answer]);
  // Pages shown to the inspector: not the hidden page, not a disabled start/end page, not a page a rule hides.
  const pages = document.items.filter((item) => item.depth === 0 && item.type !== 'hidden_page' && evaluator.get(item.id)?.visible);
  const current = Math.min(pageIndex, Math.max(0, pages.length - 1));
  const page = pages[current];

  return (
    <>
      <div className="builder-preview-tools">
        <Space wrap>
          <Button icon={<ExperimentOutlined aria-hidden />} onClick={() => setStatus(t('test_data.filled', { count: session.fillWithTestData() }))}>
            {t('test_data.fill')}
          </Button>
          <Button
            icon={<ClearOutlined aria-hidden />}
            onClick={() => {
              session.clearAnswers();
              setStatus(t('test_data.cleared'));
            }}
          >
            {t('test_data.clear')}
          </Button>
        </Space>
        <Typography.Text type="secondary" role="status" data-testid="preview-test-data-status">
          {status}
        </Typography.Text>
      </div>
      <div className="builder-preview-phone" data-testid="preview-frame" role="region" aria-label={t('frame')}>
        <div className="builder-preview-notch" aria-hidden />
        <div className="builder-preview-screen" style={{ background: token.colorBgLayout, color: token.colorText }}>
          <PreviewContext.Provider value={scope}>
            <div className="builder-preview-top" style={{ background: token.colorBgContainer, borderColor: token.colorBorderSecondary }}>
              <Typography.Text strong ellipsis>
                {document.title}
              </Typography.Text>
              <ScoreTag total={evaluator.total()} testId="preview-template-score" pointsTestId="preview-template-points" />
              {page && (
                <Typography.Text type="secondary" style={{ display: 'block' }}>
                  {t('step', { current: current + 1, count: pages.length })}
                </Typography.Text>
              )}
            </div>
            <div className="builder-preview-body">
              {page ? (
                <>
                  <Typography.Title level={5} style={{ marginBlock: '4px 12px' }}>
                    {page.title.trim() || t('untitled')} <ScoreTag total={evaluator.total(page.id)} testId="preview-page-score" />
                  </Typography.Title>
                  <PreviewItemList items={childrenOf.get(page.id) ?? []} childrenOf={childrenOf} touched={touched} />
                  {(childrenOf.get(page.id) ?? []).length === 0 && <Empty description={t('empty_page')} />}
                </>
              ) : (
                <Empty description={t('no_pages')} />
              )}
            </div>
            <nav className="builder-preview-nav" aria-label={t('steps')} style={{ background: token.colorBgContainer, borderColor: token.colorBorderSecondary }}>
              <Button disabled={current === 0} onClick={() => setPageIndex(current - 1)}>
                {t('previous')}
              </Button>
              <Button type="primary" disabled={current >= pages.length - 1} onClick={() => setPageIndex(current + 1)}>
                {t('next')}
              </Button>
            </nav>
          </PreviewContext.Provider>
        </div>
      </div>
    </>
  );
}

import { ClearOutlined, ExperimentOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChecklistRenderer } from '../../../components/checklist-renderer/index.ts';
import type { BuilderPreviewProps } from '../extensions.ts';
import { previewSources } from './preview-sources.ts';
import { usePreviewSession } from './usePreviewSession.ts';
import './preview.css';

/**
 * The checklist as an inspector sees it, in a phone-sized frame, with test data to fill it. It follows
 * the document being edited; the deferred value keeps the editor's typing ahead of the preview's
 * re-evaluation.
 */
export function BuilderPreview({ document: edited }: BuilderPreviewProps) {
  const { t } = useTranslation('builder-preview');
  const document = useDeferredValue(edited);
  const session = usePreviewSession(document);
  const [status, setStatus] = useState('');

  return (
    <>
      <div className="builder-preview-tools">
        <Space wrap>
          <Button
            icon={<ExperimentOutlined aria-hidden />}
            onClick={() => setStatus(t('test_data.filled', { count: session.fillWithTestData() }))}
          >
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
        <ChecklistRenderer document={document} session={session} sources={previewSources} />
      </div>
    </>
  );
}

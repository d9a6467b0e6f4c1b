import { UnorderedListOutlined } from '@ant-design/icons';
import type { Total } from '@vigil/checklist';
import { Button, Progress, Typography } from 'antd';
import { memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProgress } from './page-progress.ts';
import { sameTotal, ScoreTag } from './ScoreTag.tsx';

// What frames the questions: the page and progress on top, the page's heading and the previous and next buttons. Each
// is memoised on plain figures, so an answer that moves none of them costs none of their antd
// components (on a phone, every component rendered is felt between a tap and its paint).

interface StepProps {
  current: number;
  count: number;
  progress: PageProgress;
  pagesOpen: boolean;
  onOpenPages: () => void;
}

/** The page the inspector is on (a button opening the page list) and how much of the checklist is answered. */
export const ChecklistStep = memo(
  function ChecklistStep({ current, count, progress, pagesOpen, onOpenPages }: StepProps) {
    const { t } = useTranslation('checklist-renderer');
    return (
      <>
        <div className="checklist-top-row">
          <Button
            size="small"
            icon={<UnorderedListOutlined aria-hidden />}
            aria-haspopup="dialog"
            aria-expanded={pagesOpen}
            onClick={onOpenPages}
          >
            {t('step', { current: current + 1, count })}
          </Button>
          <span className="checklist-secondary" data-testid="checklist-progress">
            {t('progress.answered', { answered: progress.answered, count: progress.questions })}
            {progress.required > 0 && ` · ${t('progress.required', { answered: progress.requiredAnswered, count: progress.required })}`}
          </span>
        </div>
        {progress.questions > 0 && (
          <Progress
            percent={Math.round((progress.answered / progress.questions) * 100)}
            size="small"
            showInfo={false}
            aria-hidden
            style={{ margin: 0 }}
          />
        )}
      </>
    );
  },
  (before, after) =>
    before.current === after.current &&
    before.count === after.count &&
    sameProgress(before.progress, after.progress) &&
    before.pagesOpen === after.pagesOpen &&
    before.onOpenPages === after.onOpenPages,
);

function sameProgress(a: PageProgress, b: PageProgress): boolean {
  return a.questions === b.questions && a.answered === b.answered && a.required === b.required && a.requiredAnswered === b.requiredAnswered;
}

/** The page's title and its score. */
export const PageHeading = memo(
  function PageHeading({ title, total }: { title: string; total: Total }) {
    const { t } = useTranslation('checklist-renderer');
    return (
      <Typography.Title level={5} style={{ marginBlock: '4px 12px' }}>
        {title.trim() || t('untitled')} <ScoreTag total={total} testId="checklist-page-score" />
      </Typography.Title>
    );
  },
  (before, after) => before.title === after.title && sameTotal(before.total, after.total),
);

interface NavProps {
  current: number;
  count: number;
  onGo: (index: number) => void;
  style: CSSProperties;
}

/** Previous and next page. */
export const ChecklistNav = memo(function ChecklistNav({ current, count, onGo, style }: NavProps) {
  const { t } = useTranslation('checklist-renderer');
  return (
    <nav className="checklist-nav" aria-label={t('steps')} style={style}>
      <Button disabled={current === 0} onClick={() => onGo(current - 1)}>
        {t('previous')}
      </Button>
      <Button type="primary" disabled={current >= count - 1} onClick={() => onGo(current + 1)}>
        {t('next')}
      </Button>
    </nav>
  );
});

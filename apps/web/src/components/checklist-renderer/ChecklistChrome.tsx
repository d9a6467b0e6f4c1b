import { UnorderedListOutlined } from '@ant-design/icons';
import type { Total } from '@vigil/checklist';
import { Button } from 'antd';
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

/**
 * The page the inspector is on (a button opening the page list) and how much of the checklist is
 * answered. The button is memoised apart from the figures, which move with most answers; the bar is
 * drawn by hand (checklist-renderer.css), as antd's Progress would render its components each time.
 */
export const ChecklistStep = memo(
  function ChecklistStep({ current, count, progress, pagesOpen, onOpenPages }: StepProps) {
    const { t } = useTranslation('checklist-renderer');
    return (
      <>
        <div className="checklist-top-row">
          <PagesButton current={current} count={count} pagesOpen={pagesOpen} onOpenPages={onOpenPages} />
          <span className="checklist-secondary" data-testid="checklist-progress">
            {t('progress.answered', { answered: progress.answered, count: progress.questions })}
            {progress.required > 0 && ` · ${t('progress.required', { answered: progress.requiredAnswered, count: progress.required })}`}
          </span>
        </div>
        {progress.questions > 0 && (
          <div className="checklist-progress" aria-hidden>
            <div className="checklist-progress-done" style={{ width: `${Math.round((progress.answered / progress.questions) * 100)}%` }} />
          </div>
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

const PagesButton = memo(function PagesButton({ current, count, pagesOpen, onOpenPages }: Omit<StepProps, 'progress'>) {
  const { t } = useTranslation('checklist-renderer');
  return (
    <Button
      size="small"
      icon={<UnorderedListOutlined aria-hidden />}
      aria-haspopup="dialog"
      aria-expanded={pagesOpen}
      onClick={onOpenPages}
    >
      {t('step', { current: current + 1, count })}
    </Button>
  );
});

function sameProgress(a: PageProgress, b: PageProgress): boolean {
  return a.questions === b.questions && a.answered === b.answered && a.required === b.required && a.requiredAnswered === b.requiredAnswered;
}

/** The page's title and its score, a plain heading: antd's Title measures itself on every render, and the score moves with answers. */
export const PageHeading = memo(
  function PageHeading({ title, total }: { title: string; total: Total }) {
    const { t } = useTranslation('checklist-renderer');
    return (
      <h2 className="checklist-page-heading">
        {title.trim() || t('untitled')} <ScoreTag total={total} testId="checklist-page-score" />
      </h2>
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

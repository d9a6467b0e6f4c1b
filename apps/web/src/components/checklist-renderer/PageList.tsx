import { CheckCircleFilled } from '@ant-design/icons';
import type { Item } from '@vigil/checklist';
import { Drawer, Progress, theme, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProgress } from './page-progress.ts';

interface Props {
  open: boolean;
  pages: readonly Item[];
  progress: ReadonlyMap<string, PageProgress>;
  current: number;
  rtl: boolean;
  onPick: (index: number) => void;
  onClose: () => void;
}

/** The pages of the inspection, each with its answered questions and required answers, to jump to one. Memoised: closed, it has nothing to show again. */
export const PageList = memo(function PageList({ open, pages, progress, current, rtl, onPick, onClose }: Props) {
  const { t } = useTranslation('checklist-renderer');
  const { token } = theme.useToken();
  return (
    <Drawer
      open={open}
      title={t('pages.title')}
      placement={rtl ? 'right' : 'left'}
      onClose={onClose}
      // Inside the renderer's frame (the preview's phone, the inspection screen), not over the whole page.
      getContainer={false}
      // A drawer inside another (the builder's preview) leaves that one where it is.
      push={false}
      rootStyle={{ position: 'absolute' }}
      size="min(320px, 90%)"
      destroyOnHidden
    >
      <nav aria-label={t('pages.title')}>
        <ol className="checklist-page-list">
          {pages.map((page, index) => {
            const counts = progress.get(page.id) ?? { questions: 0, answered: 0, required: 0, requiredAnswered: 0 };
            const done = counts.required > 0 ? counts.requiredAnswered === counts.required : counts.answered === counts.questions;
            return (
              <li key={page.id}>
                <button
                  type="button"
                  className="checklist-page-entry"
                  aria-current={index === current ? 'page' : undefined}
                  style={index === current ? { background: token.controlItemBgActive } : undefined}
                  onClick={() => onPick(index)}
                  data-testid="checklist-page-entry"
                >
                  <span className="checklist-page-entry-title">
                    {done && counts.questions > 0 && <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess }} />}
                    <Typography.Text strong>{page.title.trim() || t('untitled')}</Typography.Text>
                  </span>
                  <Typography.Text type="secondary">
                    {t('pages.answered', { answered: counts.answered, count: counts.questions })}
                    {counts.required > 0 && ` · ${t('pages.required', { answered: counts.requiredAnswered, count: counts.required })}`}
                  </Typography.Text>
                  <Progress
                    percent={counts.questions === 0 ? 100 : Math.round((counts.answered / counts.questions) * 100)}
                    size="small"
                    showInfo={false}
                    aria-hidden
                  />
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
    </Drawer>
  );
});

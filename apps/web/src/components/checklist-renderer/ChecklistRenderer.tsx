import type { TemplateDocument } from '@vigil/checklist';
import { Button, Empty, theme, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  childrenIndex,
  ChecklistScopeContext,
  type ChecklistScope,
  type ChecklistSession,
  type ChecklistSources,
} from './ChecklistScope.ts';
import { ItemList } from './ItemList.tsx';
import { ScoreTag } from './ScoreTag.tsx';
import './checklist-renderer.css';

interface Props {
  /** The document shown: titles and the item tree (it may be newer than the session's evaluated one). */
  document: TemplateDocument;
  session: ChecklistSession;
  /** What the template points at (a global list's items); a question without its source says it cannot be answered here. */
  sources?: ChecklistSources;
}

const NO_SOURCES: ChecklistSources = {};

/**
 * A checklist as the inspector answers it, sized for a phone: the title and score on top, one page at
 * a time, previous and next below; rules, calculations and scores evaluated live by `@vigil/checklist`
 * through the session. The builder's preview shows it in a phone frame; the inspection screen fills
 * the viewport with it.
 */
export function ChecklistRenderer({ document, session, sources = NO_SOURCES }: Props) {
  const { t } = useTranslation('checklist-renderer');
  const { token } = theme.useToken();
  const { evaluated, evaluator, keyOf, answerOf, answer, touched } = session;
  const [pageIndex, setPageIndex] = useState(0);

  const childrenOf = useMemo(() => childrenIndex(document.items), [document]);
  const scope = useMemo<ChecklistScope>(
    () => ({ document: evaluated, evaluator, keyOf, answerOf, answer, sources }),
    [evaluated, evaluator, keyOf, answerOf, answer, sources],
  );
  // Pages shown to the inspector: not the hidden page, not a disabled start/end page, not a page a rule hides.
  const pages = document.items.filter((item) => item.depth === 0 && item.type !== 'hidden_page' && evaluator.get(item.id)?.visible);
  const current = Math.min(pageIndex, Math.max(0, pages.length - 1));
  const page = pages[current];
  const bar = { background: token.colorBgContainer, borderColor: token.colorBorderSecondary };

  return (
    <div className="checklist-screen" style={{ background: token.colorBgLayout, color: token.colorText }}>
      <ChecklistScopeContext.Provider value={scope}>
        <div className="checklist-top" style={bar}>
          <Typography.Text strong ellipsis>
            {document.title}
          </Typography.Text>
          <ScoreTag total={evaluator.total()} testId="checklist-score" pointsTestId="checklist-points" />
          {page && (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {t('step', { current: current + 1, count: pages.length })}
            </Typography.Text>
          )}
        </div>
        <div className="checklist-body">
          {page ? (
            <>
              <Typography.Title level={5} style={{ marginBlock: '4px 12px' }}>
                {page.title.trim() || t('untitled')} <ScoreTag total={evaluator.total(page.id)} testId="checklist-page-score" />
              </Typography.Title>
              <ItemList items={childrenOf.get(page.id) ?? []} childrenOf={childrenOf} touched={touched} />
              {(childrenOf.get(page.id) ?? []).length === 0 && <Empty description={t('empty_page')} />}
            </>
          ) : (
            <Empty description={t('no_pages')} />
          )}
        </div>
        <nav className="checklist-nav" aria-label={t('steps')} style={bar}>
          <Button disabled={current === 0} onClick={() => setPageIndex(current - 1)}>
            {t('previous')}
          </Button>
          <Button type="primary" disabled={current >= pages.length - 1} onClick={() => setPageIndex(current + 1)}>
            {t('next')}
          </Button>
        </nav>
      </ChecklistScopeContext.Provider>
    </div>
  );
}

import type { TemplateDocument } from '@vigil/checklist';
import type { InspectionReport } from '@vigil/contracts';
import { Alert, theme, type GlobalToken } from 'antd';
import { useCallback, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateFormatter } from '../../../../lib/dates.ts';
import { FailedItemsPanel } from './FailedItemsPanel.tsx';
import { answerRowId, ReportScopeContext, type ReportScope } from './report-context.ts';
import { containerKeys, containersAround, reportTree, type ReportNode } from './report-tree.ts';
import { ReportAnswers } from './ReportAnswers.tsx';
import { ReportSummaryHeader } from './ReportSummaryHeader.tsx';
import { rowText } from './row-text.ts';
import '../../report.css';

interface Props {
  report: InspectionReport;
  /** The report's document, read as the domain reads it. */
  document: TemplateDocument;
  dates: DateFormatter;
  print?: boolean;
  /** The screen's actions beside the title (PDF, edit); not printed. */
  actions?: ReactNode;
  /** What follows the answers on the screen (history, share links). */
  children?: ReactNode;
}

function byKey(nodes: readonly ReportNode[], into = new Map<string, ReportNode>()): Map<string, ReportNode> {
  for (const node of nodes) {
    into.set(node.key, node);
    byKey(node.children, into);
  }
  return into;
}

/**
 * The theme's values the rows' hand-drawn tags and texts read (report.css), set once on the report:
 * a thousand rows draw them as plain elements rather than antd's `Tag` and `Typography.Text`, whose
 * styles are looked up per element. They follow the skin, and the print view's light theme.
 */
function themeVariables(token: GlobalToken): CSSProperties {
  return {
    '--report-text': token.colorText,
    '--report-text-secondary': token.colorTextDescription,
    '--report-line-height': token.lineHeight,
    '--report-font-size-sm': `${token.fontSizeSM}px`,
    '--report-tag-line-height': `${Math.round(token.lineHeightSM * token.fontSizeSM)}px`,
    '--report-tag-radius': `${token.borderRadiusSM}px`,
    '--report-tag-fill': token.colorFillTertiary,
    '--report-tag-base': token.colorBgContainer,
    '--report-strong': token.fontWeightStrong,
    '--report-link': token.colorLink,
    '--report-link-hover': token.colorLinkHover,
  } as CSSProperties;
}

/**
 * One inspection's report, the same for a member, a share's reader and the PDF: the summary with the
 * score and failed items up front, then every shown answer by page and section (folding one by one or all
 * at once), what was carried over and never confirmed marked as such.
 */
export function ReportView({ report, document, dates, print = false, actions, children }: Props) {
  const { t } = useTranslation('inspections');
  const { token } = theme.useToken();
  const style = useMemo(() => themeVariables(token), [token]);
  const tree = useMemo(() => reportTree(document, report), [document, report]);
  const nodes = useMemo(() => byKey(tree), [tree]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const scope = useMemo<ReportScope>(
    () => ({ report, document, dates, print, t, rows: rowText(t, dates) }),
    [report, document, dates, print, t],
  );
  const carried = useMemo(() => Object.values(report.answers).filter((answer) => answer.carried_over).length, [report]);

  const toggle = useCallback(
    (key: string) =>
      setCollapsed((before) => {
        const next = new Set(before);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const expandAll = useCallback(() => setCollapsed(new Set()), []);
  const collapseAll = useCallback(() => setCollapsed(new Set(containerKeys(tree))), [tree]);
  const show = useCallback(
    (key: string) => {
      const around = containersAround(tree, key);
      setCollapsed((before) =>
        around.some((container) => before.has(container)) ? new Set([...before].filter((k) => !around.includes(k))) : before,
      );
      // Once unfolded: scrolled to and focused, so a keyboard or screen reader lands on the answer.
      requestAnimationFrame(() => {
        const row = window.document.getElementById(answerRowId(key));
        row?.scrollIntoView?.({ block: 'center' });
        row?.focus({ preventScroll: true });
      });
    },
    [tree],
  );

  return (
    <ReportScopeContext value={scope}>
      <article className={print ? 'report report-print' : 'report'} data-testid="report" style={style}>
        <ReportSummaryHeader actions={actions} />
        {carried > 0 ? (
          <Alert type="info" showIcon className="report-notice" title={t('report.carried_notice', { count: carried })} />
        ) : null}
        <FailedItemsPanel nodes={nodes} onShow={show} />
        <ReportAnswers tree={tree} collapsed={collapsed} onToggle={toggle} onExpandAll={expandAll} onCollapseAll={collapseAll} />
        {print ? null : children}
      </article>
    </ReportScopeContext>
  );
}

import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { isPageType } from '@vigil/checklist';
import { useId, type ReactNode } from 'react';
import { useReportScope } from './report-context.ts';
import type { ReportNode } from './report-tree.ts';
import { itemTitle } from './ReportAnswerRow.tsx';

interface Props {
  node: ReportNode;
  /** Heading level: 2 for a page, one more per section inside. */
  level: number;
  collapsed: boolean;
  onToggle: (key: string) => void;
  children: ReactNode;
}

/** A page or section of the report: its title folds what it holds (a button with aria-expanded); printed, it is always open. */
export function ReportSection({ node, level, collapsed, onToggle, children }: Props) {
  const { print, t } = useReportScope();
  const bodyId = useId();
  const Heading = `h${Math.min(level, 6)}` as 'h2';
  const open = print || !collapsed;
  const page = isPageType(node.item.type);
  return (
    <section className={page ? 'report-page' : 'report-section'} data-testid={page ? 'report-page' : 'report-section'} data-key={node.key}>
      <Heading className="report-container-title">
        {print ? (
          itemTitle(t, node)
        ) : (
          <button type="button" className="report-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => onToggle(node.key)}>
            {open ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden className="report-toggle-closed" />}
            <span dir="auto">{itemTitle(t, node)}</span>
          </button>
        )}
      </Heading>
      <div id={bodyId} className="report-container-body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}

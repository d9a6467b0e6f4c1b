import { ColumnHeightOutlined, VerticalAlignMiddleOutlined } from '@ant-design/icons';
import { Button, Empty, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReportScope } from './report-context.ts';
import { isContainer, type ReportNode } from './report-tree.ts';
import { ReportAnswerRow } from './ReportAnswerRow.tsx';
import { ReportSection } from './ReportSection.tsx';

interface Props {
  tree: readonly ReportNode[];
  collapsed: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onExpandAll: () => void;
  onCollapseAll: () => void;
}

/** Every shown answer by page and section, each page and section folding on its own, and all of them at once. */
export function ReportAnswers({ tree, collapsed, onToggle, onExpandAll, onCollapseAll }: Props) {
  const { t } = useTranslation('inspections');
  const { print } = useReportScope();
  const render = (nodes: readonly ReportNode[], level: number) =>
    nodes.map((node) =>
      isContainer(node.item) ? (
        <ReportSection key={node.key} node={node} level={level} collapsed={collapsed.has(node.key)} onToggle={onToggle}>
          {node.children.length ? render(node.children, level + 1) : <p className="report-empty">{t('report.empty_section')}</p>}
        </ReportSection>
      ) : (
        <ReportAnswerRow key={node.key} node={node} />
      ),
    );
  return (
    <div className="report-answers" data-testid="report-answers">
      {print ? null : (
        <Space wrap className="report-answers-toolbar">
          <Button icon={<ColumnHeightOutlined aria-hidden />} onClick={onExpandAll}>
            {t('report.expand_all')}
          </Button>
          <Button icon={<VerticalAlignMiddleOutlined aria-hidden />} onClick={onCollapseAll}>
            {t('report.collapse_all')}
          </Button>
        </Space>
      )}
      {tree.length ? render(tree, 2) : <Empty description={t('report.nothing_shown')} />}
    </div>
  );
}

import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined, LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../state/EditorContext.tsx';
import { scrollToItem } from './useBuilderCommands.tsx';

/** Where the template title is edited: a problem of the template itself (a blank title) leads there. */
export const TEMPLATE_TITLE_INPUT_ID = 'builder-template-title';

/**
 * The editor status: always says whether the latest change is saved, and how many problems the
 * draft has (saved with it, blocking publishing), with a button revealing the first.
 */
export function SaveStatus() {
  const { t } = useTranslation('builder');
  const store = useEditorStore();
  const save = useEditor((state) => state.save);
  const problemCount = useEditor((state) => state.problems.length);
  const icon =
    save.status === 'saved' ? (
      <CheckCircleOutlined aria-hidden />
    ) : save.status === 'saving' ? (
      <LoadingOutlined aria-hidden />
    ) : save.status === 'invalid' ? (
      <ExclamationCircleOutlined aria-hidden />
    ) : (
      <CloseCircleOutlined aria-hidden />
    );
  const type = save.status === 'saved' || save.status === 'saving' ? 'secondary' : save.status === 'invalid' ? 'warning' : 'danger';
  const showProblem = () => {
    const { problems } = store.getState();
    const first = problems.find((problem) => problem.item_id) ?? problems[0];
    if (first?.item_id) store.reveal(first.item_id, scrollToItem);
    else document.getElementById(TEMPLATE_TITLE_INPUT_ID)?.focus();
  };
  return (
    <Space size={4}>
      <Typography.Text type={type} data-testid="save-status" data-status={save.status} role="status" aria-live="polite">
        {icon} {t(`status.${save.status}`, { count: save.invalidCount })}
      </Typography.Text>
      {problemCount > 0 && (
        <Button
          size="small"
          type="link"
          data-testid="draft-problems"
          icon={<WarningOutlined aria-hidden />}
          onClick={showProblem}
          title={t('status.show_problem')}
        >
          {t('problems.count', { count: problemCount })}
        </Button>
      )}
    </Space>
  );
}

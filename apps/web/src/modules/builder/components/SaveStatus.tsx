import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { problemsOf } from '../state/editor-store.ts';
import { useEditor, useEditorStore } from '../state/EditorContext.tsx';
import { scrollToItem } from './useBuilderCommands.tsx';

/** The editor status: always says whether the latest change is saved. */
export function SaveStatus() {
  const { t } = useTranslation('builder');
  const store = useEditorStore();
  const save = useEditor((state) => state.save);
  const icon =
    save.status === 'saved' ? <CheckCircleOutlined aria-hidden /> : save.status === 'saving' ? <LoadingOutlined aria-hidden /> : save.status === 'invalid' ? <ExclamationCircleOutlined aria-hidden /> : <CloseCircleOutlined aria-hidden />;
  const type = save.status === 'saved' || save.status === 'saving' ? 'secondary' : save.status === 'invalid' ? 'warning' : 'danger';
  const showProblem = () => {
    const first = problemsOf(store.getState().document).find((problem) => problem.item_id);
    if (first?.item_id) store.reveal(first.item_id, scrollToItem);
  };
  return (
    <Space size={4}>
      <Typography.Text type={type} data-testid="save-status" data-status={save.status} role="status" aria-live="polite">
        {icon} {t(`status.${save.status}`, { count: save.invalidCount })}
      </Typography.Text>
      {save.status === 'invalid' && (
        <Button size="small" type="link" onClick={showProblem}>
          {t('status.show_problem')}
        </Button>
      )}
    </Space>
  );
}

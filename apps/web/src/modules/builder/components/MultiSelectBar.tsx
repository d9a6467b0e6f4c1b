import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../state/EditorContext.tsx';
import { useBuilderCommands } from './useBuilderCommands.tsx';

/** Multi-select mode: what is chosen, and the actions on all of it. */
export function MultiSelectBar() {
  const { t } = useTranslation('builder');
  const store = useEditorStore();
  const commands = useBuilderCommands();
  const count = useEditor((state) => state.multiSelect?.size ?? 0);
  const chosen = () => [...(store.getState().multiSelect ?? [])];
  return (
    <Space wrap>
      <Typography.Text data-testid="multi-select-count">{t('toolbar.selected', { count })}</Typography.Text>
      <Button size="small" disabled={count === 0} onClick={() => commands.copy(chosen())}>
        {t('toolbar.copy_selected')}
      </Button>
      <Button size="small" danger disabled={count === 0} onClick={() => commands.remove(chosen())}>
        {t('toolbar.delete_selected')}
      </Button>
    </Space>
  );
}

import { ArrowLeftOutlined, CheckOutlined, RedoOutlined, SelectOutlined, UndoOutlined } from '@ant-design/icons';
import { succeed } from '@vigil/checklist';
import { TEMPLATE_TITLE_MAX } from '@vigil/contracts';
import { Button, Input, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { MoreMenu } from '../../../components/ToolbarActions.tsx';
import { TEMPLATE_STATE_COLORS } from '../../../lib/theme.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { PreviewToggle } from '../preview/PreviewToggle.tsx';
import { TranslationToggle } from '../translate/TranslationToggle.tsx';
import { useEditor, useEditorStore } from '../state/EditorContext.tsx';
import { MultiSelectBar } from './MultiSelectBar.tsx';
import { SaveStatus, TEMPLATE_TITLE_INPUT_ID } from './SaveStatus.tsx';
import { useBuilderCommands } from './useBuilderCommands.tsx';

export function BuilderHeader() {
  const { t } = useTranslation('builder');
  const store = useEditorStore();
  const commands = useBuilderCommands();
  const confirm = useConfirmDialog();
  const title = useEditor((state) => state.document.title);
  const canUndo = useEditor((state) => state.past.length > 0);
  const canRedo = useEditor((state) => state.future.length > 0);
  const saved = useEditor((state) => state.save.status === 'saved');
  const hasProblems = useEditor((state) => state.problems.length > 0);
  const published = useEditor((state) => state.published);
  const hasDraft = useEditor((state) => state.hasDraft);
  // Translation mode chooses rows with the same check boxes; its own drawer acts on them.
  const multiSelect = useEditor((state) => state.multiSelect !== null && !state.translating);
  // On a phone the toolbar keeps to one line: the toggles show their icons, multi-select and paste go in "More".
  const phone = usePhone();

  const stateLabel = !published ? t('state.draft') : hasDraft ? t('state.published_draft') : t('state.published');
  const publish = () =>
    void confirm({
      title: t('toolbar.publish_title'),
      content: t('toolbar.publish_content'),
      okText: t('toolbar.publish'),
      successMessage: t('toolbar.published'),
      onConfirm: () => store.publish(),
    });

  return (
    <header className="builder-header">
      <Link to="/checklist/templates" aria-label={t('header.back')}>
        <ArrowLeftOutlined aria-hidden />
      </Link>
      <div className="builder-title">
        <Input
          id={TEMPLATE_TITLE_INPUT_ID}
          aria-label={t('header.title_label')}
          value={title}
          status={title.trim() === '' ? 'error' : undefined}
          maxLength={TEMPLATE_TITLE_MAX}
          onChange={(event) => commands.run((doc) => succeed({ ...doc, title: event.target.value }), { coalesce: 'template.title' })}
        />
        {title.trim() === '' && <Typography.Text type="danger">{t('header.title_required')}</Typography.Text>}
      </div>
      <Tag data-testid="builder-state" color={published ? TEMPLATE_STATE_COLORS[hasDraft ? 'changes' : 'published'] : undefined}>
        {stateLabel}
      </Tag>
      <SaveStatus />
      <Space wrap>
        <Tooltip title={t('toolbar.undo')}>
          <Button aria-label={t('toolbar.undo')} icon={<UndoOutlined aria-hidden />} disabled={!canUndo} onClick={() => store.undo()} />
        </Tooltip>
        <Tooltip title={t('toolbar.redo')}>
          <Button aria-label={t('toolbar.redo')} icon={<RedoOutlined aria-hidden />} disabled={!canRedo} onClick={() => store.redo()} />
        </Tooltip>
        {!phone && (
          <Button
            icon={<SelectOutlined aria-hidden />}
            aria-pressed={multiSelect}
            type={multiSelect ? 'primary' : 'default'}
            onClick={() => store.setMultiSelect(!multiSelect)}
          >
            {t('toolbar.multi_select')}
          </Button>
        )}
        <TranslationToggle iconOnly={phone} />
        {!phone && <Button onClick={commands.paste}>{t('toolbar.paste')}</Button>}
        <PreviewToggle iconOnly={phone} />
        <Tooltip title={!saved ? t('toolbar.publish_wait') : hasProblems ? t('toolbar.publish_problems') : undefined}>
          <Button type="primary" disabled={!saved || hasProblems} onClick={publish}>
            {t('toolbar.publish')}
          </Button>
        </Tooltip>
        {phone && (
          <MoreMenu
            iconOnly
            items={[
              {
                key: 'multi_select',
                icon: multiSelect ? <CheckOutlined aria-hidden /> : <SelectOutlined aria-hidden />,
                label: t('toolbar.multi_select'),
                onClick: () => store.setMultiSelect(!multiSelect),
              },
              { key: 'paste', label: t('toolbar.paste'), onClick: commands.paste },
            ]}
          />
        )}
      </Space>
      {multiSelect && <MultiSelectBar />}
    </header>
  );
}

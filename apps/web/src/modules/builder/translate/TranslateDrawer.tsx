import { RobotOutlined } from '@ant-design/icons';
import type { Language } from '@vigil/contracts';
import { Alert, App, Button, Drawer, Empty, Progress, Space, Spin, Tooltip, Typography } from 'antd';
import { useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { showToast } from '../../../lib/toast.ts';
import { useHeaderBottom } from '../preview/PreviewToggle.tsx';
import { useEditor, useEditorStore } from '../state/EditorContext.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { useTemplateTranslation, useTranslationLanguages } from './translation-api.ts';
import { chosenTranslations, machineTranslatable } from './translation-keys.ts';
import { TranslationItem } from './TranslationItem.tsx';
import { useMachineTranslation } from './useMachineTranslation.ts';
import { useTranslationDrafts } from './useTranslationDrafts.ts';
import './translate.css';

interface Props {
  /** The header's toggle: the drawer opens below the header that holds it. */
  anchor: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

/**
 * Translation mode's drawer: the chosen items' texts beside their translations into one of the
 * template's languages, saved together (bulk-update), with machine translation in batches of ten.
 * Translations are their own calls, never part of the autosaved document.
 */
export function TranslateDrawer({ anchor, onClose }: Props) {
  const { t, i18n } = useTranslation('builder');
  const { modal } = App.useApp();
  const { templateId = '' } = useParams();
  const store = useEditorStore();
  const document = useEditor((state) => state.document);
  const chosen = useEditor((state) => state.multiSelect);
  const pageId = useEditor((state) => state.pageId);
  const revision = useEditor((state) => state.save.revision);
  const headerBottom = useHeaderBottom(anchor, true);

  const { languages, add: addLanguage } = useTranslationLanguages(templateId, document.translations);
  const [lang, setLang] = useState<Language | null>(languages[0] ?? null);
  const [adding, setAdding] = useState(false);
  const translation = useTemplateTranslation(templateId, lang, revision);
  const drafts = useTranslationDrafts(templateId, lang, revision, translation.data);
  const machine = useMachineTranslation(templateId, lang, drafts.fillEmpty);

  const entries = useMemo(() => chosenTranslations(document, chosen ?? new Set()), [document, chosen]);
  const stored = useMemo(() => new Set((translation.data?.records ?? []).map((record) => record.key)), [translation.data]);
  // Texts typed for an item no longer chosen (or deleted) are not sent: nothing would show their errors.
  const pending = drafts.changed.filter(
    (key) => stored.has(key) && entries.some((entry) => entry.fields.some((field) => field.key === key)),
  );
  const machineKeys = entries
    .flatMap(machineTranslatable)
    .filter((field) => stored.has(field.key) && drafts.valueOf(field.key).trim() === '')
    .map((field) => field.key);
  const pageItems = useMemo(() => {
    const start = document.items.findIndex((item) => item.id === pageId);
    const end = document.items.findIndex((item, index) => index > start && item.depth === 0);
    return document.items.slice(start + 1, end < 0 ? undefined : end).map((item) => item.id);
  }, [document, pageId]);

  /** Drops the translations not saved yet and runs `then`, asking first when there are any. */
  const afterDiscarding = (then: () => void) => {
    const go = () => {
      drafts.discard();
      then();
    };
    if (pending.length === 0) return go();
    modal.confirm({
      title: t('translate.discard_title'),
      content: t('translate.discard_content'),
      okText: t('translate.discard'),
      okButtonProps: { danger: true },
      onOk: go,
    });
  };

  const add = async (next: Language) => {
    setAdding(true);
    try {
      await addLanguage(next);
      setLang(next);
    } finally {
      setAdding(false);
    }
  };

  const save = async () => {
    if (await drafts.save(pending)) showToast('success', t('translate.saved'));
  };

  const fieldErrors = pending.some((key) => drafts.errorsOf(key).length > 0);
  const footer = lang && (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {machine.total > 0 && (
        <div role="status" data-testid="translate-machine-progress">
          <Progress
            percent={Math.round((machine.done / machine.total) * 100)}
            size="small"
            status={machine.problem ? 'exception' : undefined}
          />
          <Typography.Text type="secondary">
            {t('translate.machine_progress', { done: machine.done, total: machine.total })}
          </Typography.Text>
        </div>
      )}
      {machine.problem && (
        <Alert type={machine.problem === 'unavailable' ? 'warning' : 'error'} showIcon title={t(`translate.machine_${machine.problem}`)} />
      )}
      {drafts.failed && <Alert type="error" showIcon title={t('translate.save_failed')} />}
      {fieldErrors && <Alert type="error" showIcon title={t('translate.fix_fields')} />}
      <Space wrap>
        {machine.running ? (
          <Button onClick={machine.stop}>{t('translate.stop')}</Button>
        ) : (
          <Tooltip title={machineKeys.length === 0 ? t('translate.machine_none') : undefined}>
            <Button icon={<RobotOutlined aria-hidden />} disabled={machineKeys.length === 0} onClick={() => void machine.run(machineKeys)}>
              {t('translate.machine', { count: machineKeys.length })}
            </Button>
          </Tooltip>
        )}
        <Button type="primary" loading={drafts.saving} disabled={pending.length === 0 || machine.running} onClick={() => void save()}>
          {t('translate.save', { count: pending.length })}
        </Button>
      </Space>
    </Space>
  );

  return (
    <Drawer
      open
      mask={false}
      rootStyle={{ insetBlockStart: headerBottom }}
      placement={i18n.dir() === 'rtl' ? 'left' : 'right'}
      size={480}
      title={t('translate.title')}
      onClose={() => afterDiscarding(onClose)}
      footer={footer}
    >
      <div className="builder-translate">
        <LanguagePicker
          sourceLang={document.language}
          languages={languages}
          value={lang}
          adding={adding}
          onChange={(next) => afterDiscarding(() => setLang(next))}
          onAdd={(next) => afterDiscarding(() => void add(next))}
        />
        <Space wrap>
          <Typography.Text data-testid="translate-chosen-count">{t('translate.chosen', { count: entries.length })}</Typography.Text>
          <Button
            size="small"
            disabled={pageItems.every((id) => chosen?.has(id))}
            onClick={() => pageItems.filter((id) => !chosen?.has(id)).forEach((id) => store.toggleChosen(id))}
          >
            {t('translate.choose_page')}
          </Button>
        </Space>
        {!lang ? (
          <Empty description={t('translate.no_language')} />
        ) : translation.isError ? (
          <Alert type="error" showIcon title={t('translate.load_failed')} />
        ) : !translation.data ? (
          <Spin />
        ) : entries.length === 0 ? (
          <Empty description={t('translate.none_chosen')} />
        ) : (
          entries.map((entry) => (
            <TranslationItem key={entry.item.id} entry={entry} sourceLang={document.language} lang={lang} stored={stored} drafts={drafts} />
          ))
        )}
      </div>
    </Drawer>
  );
}

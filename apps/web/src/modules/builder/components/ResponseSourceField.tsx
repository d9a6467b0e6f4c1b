import { ExportOutlined } from '@ant-design/icons';
import {
  chooseGlobalResponseSet,
  DEFAULT_RESPONSE_OPTIONS,
  setResponseSource,
  type Item,
  type ResponseOption,
  type ResponseSource,
} from '@vigil/checklist';
import { Form, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toDocumentSet, useGlobalResponseSets } from '../global-responses-api.ts';
import { useEditor } from '../state/EditorContext.tsx';
import { useBuilderCommands } from './useBuilderCommands.tsx';

const SOURCES: readonly ResponseSource[] = ['custom', 'global'];

/**
 * "Responses from": the question's own responses or a global response set of the workspace. With
 * global responses, a picker of the workspace's sets (searched by name); the chosen set is copied into
 * the document with its scores, which are shown here and edited on the global responses screen.
 */
export function ResponseSourceField({ item, errors }: { item: Item; errors: string[] }) {
  const { t } = useTranslation(['builder', 'checklist-renderer']);
  const commands = useBuilderCommands();
  const source: ResponseSource = item.options.options_type === 'global' ? 'global' : 'custom';

  const startWith = (): ResponseOption[] => {
    const defaults = DEFAULT_RESPONSE_OPTIONS[item.type];
    if (defaults) return defaults.map((option) => ({ ...option, label: t(`checklist-renderer:choices.${option.uuid}`) }));
    return [1, 2].map((n) => ({ uuid: crypto.randomUUID(), label: t('details.response_default', { n }) }));
  };

  return (
    <>
      <Form.Item label={t('options.options_type')} htmlFor="option-options_type" data-option="options_type" style={{ marginBlockEnd: 12 }}>
        <Select
          id="option-options_type"
          value={source}
          onChange={(next: ResponseSource) => commands.run((doc) => setResponseSource(doc, item.id, next, startWith()))}
          options={SOURCES.map((choice) => ({ value: choice, label: t(`choices.options_type.${choice}`) }))}
        />
      </Form.Item>
      {source === 'global' && <GlobalResponsePicker item={item} errors={errors} />}
    </>
  );
}

function GlobalResponsePicker({ item, errors }: { item: Item; errors: string[] }) {
  const { t, i18n } = useTranslation('builder');
  const commands = useBuilderCommands();
  const [search, setSearch] = useState('');
  const sets = useGlobalResponseSets(search);
  const setId = item.options.response_set_id || undefined;
  const copy = useEditor((state) => (setId ? state.document.global_responses.find((entry) => entry.uuid === setId) : undefined));
  const choices = (sets.data?.list ?? []).map((set) => ({ value: set.id, label: set.name }));
  if (copy && !choices.some((choice) => choice.value === copy.uuid)) choices.unshift({ value: copy.uuid, label: copy.name });
  const number = new Intl.NumberFormat(i18n.language);
  const pointsOf = (option: ResponseOption) =>
    option.score === null || option.score === undefined
      ? t('scoring.no_score')
      : t('scoring.points', { score: number.format(option.score) });

  return (
    <Form.Item
      label={t('global_responses.set')}
      htmlFor="global-response-set"
      required
      validateStatus={errors.length > 0 ? 'error' : undefined}
      help={errors.length > 0 ? errors.join(' ') : undefined}
      style={{ marginBlockEnd: 12 }}
      data-option="response_set_id"
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select
          id="global-response-set"
          showSearch
          filterOption={false}
          onSearch={setSearch}
          loading={sets.isFetching}
          placeholder={t('global_responses.placeholder')}
          notFoundContent={sets.isFetching ? null : t('global_responses.none')}
          value={setId}
          options={choices}
          onChange={(id: string) => {
            const chosen = sets.data?.list.find((set) => set.id === id);
            if (chosen) commands.run((doc) => chooseGlobalResponseSet(doc, item.id, toDocumentSet(chosen)));
          }}
        />
        {copy && (
          <ul
            className="builder-global-options"
            aria-label={t('global_responses.options', { name: copy.name })}
            data-testid="global-response-options"
          >
            {copy.options.map((option) => (
              <li key={option.uuid}>
                <span className="builder-swatch" style={{ background: option.color ?? 'transparent' }} aria-hidden />
                <Typography.Text>{option.label}</Typography.Text>
                {item.options.enable_score === true && <Typography.Text type="secondary">{pointsOf(option)}</Typography.Text>}
              </li>
            ))}
          </ul>
        )}
        {copy && item.options.enable_score === true && (
          <Typography.Text type="secondary">{t('global_responses.scores_from_set')}</Typography.Text>
        )}
        <Typography.Link href="/checklist/global-response/list" target="_blank" rel="noopener noreferrer">
          {t('global_responses.manage')} <ExportOutlined aria-hidden />
        </Typography.Link>
      </Space>
    </Form.Item>
  );
}

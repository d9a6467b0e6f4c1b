import { RTL_LANGUAGES, TRANSLATION_MAX, type Language } from '@vigil/contracts';
import { Input, Tag, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChosenTranslation } from './translation-keys.ts';
import type { TranslationDrafts } from './useTranslationDrafts.ts';

interface Props {
  entry: ChosenTranslation;
  sourceLang: string;
  lang: Language;
  /** Keys the server knows (the draft as last saved): the others wait for the next autosave. */
  stored: ReadonlySet<string>;
  drafts: TranslationDrafts;
}

/** One chosen item: each of its texts beside its translation into the chosen language. */
export function TranslationItem({ entry, sourceLang, lang, stored, drafts }: Props) {
  const { t } = useTranslation('builder');
  const headingId = useId();
  const { item, fields } = entry;
  const dir = RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
  return (
    <section className="builder-translate-item" aria-labelledby={headingId} data-testid="translate-item" data-item-id={item.id}>
      <div className="builder-translate-heading">
        <Typography.Text strong id={headingId}>
          {item.title.trim() || t('items.untitled')}
        </Typography.Text>
        <Tag>{t(`types.${item.type}`)}</Tag>
      </div>
      {fields.length === 0 && <Typography.Text type="secondary">{t('translate.nothing')}</Typography.Text>}
      {fields.map((field) => {
        const kind = field.kind === 'title' ? t('translate.title_label') : t('translate.option_label');
        const errors = drafts.errorsOf(field.key);
        return (
          <div key={field.key} className="builder-translate-field">
            <div className="builder-translate-source">
              <Typography.Text type="secondary">{kind}</Typography.Text>
              <span lang={sourceLang} dir="auto">
                {field.text}
              </span>
            </div>
            {stored.has(field.key) ? (
              <Input.TextArea
                autoSize={{ minRows: 1, maxRows: 6 }}
                maxLength={TRANSLATION_MAX}
                aria-label={t(`translate.translation_of_${field.kind}`, { text: field.text })}
                lang={lang}
                dir={dir}
                status={errors.length > 0 ? 'error' : undefined}
                value={drafts.valueOf(field.key)}
                onChange={(event) => drafts.set(field.key, event.target.value)}
              />
            ) : (
              <Typography.Text type="warning">{t('translate.not_saved_yet')}</Typography.Text>
            )}
            {errors.map((message) => (
              <Typography.Text key={message} type="danger" role="alert">
                {message}
              </Typography.Text>
            ))}
          </div>
        );
      })}
    </section>
  );
}

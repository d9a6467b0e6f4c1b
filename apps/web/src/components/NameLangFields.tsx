import { LANGUAGES, type Language } from '@vigil/contracts';
import { Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule, type CheckingSchema } from '../lib/schema-rule.ts';

const fieldOf = (language: Language) => ['name_lang', language];

/** A name in at least one language, checked on the first field so an empty form is marked before any call. */
function nameInOneLanguage(message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: () =>
      LANGUAGES.some((language) => String(getFieldValue(fieldOf(language)) ?? '').trim())
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  });
}

/** One name input per language (`name_lang.<language>`), as roles and groups are named; `nameSchema` checks each. */
export function NameLangFields({ nameSchema, labelOf }: { nameSchema: CheckingSchema; labelOf: (language: Language) => string }) {
  const { t } = useTranslation('common');
  const [first, ...others] = LANGUAGES;
  const nameRule = schemaRule(nameSchema, t);
  return LANGUAGES.map((language) => (
    <Form.Item
      key={language}
      name={fieldOf(language)}
      label={labelOf(language)}
      rules={language === first ? [nameRule, nameInOneLanguage(t('validation.name_in_one_language'))] : [nameRule]}
      dependencies={language === first ? others.map(fieldOf) : undefined}
    >
      <Input dir={language === 'ar' ? 'rtl' : undefined} />
    </Form.Item>
  ));
}

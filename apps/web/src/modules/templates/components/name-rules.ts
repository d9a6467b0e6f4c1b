import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** A name or title (spec 2): not blank, at most `max` characters, in the templates' own messages. */
export function nameRules(t: TFunction<['templates', 'common']>, max: number): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('validation.required') },
    { max, message: t('common:validation.too_long', { count: max }) },
  ];
}

import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** The form's side of the server's URL rule: absolute http(s) only. */
export function httpUrlRule(t: TFunction): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      let protocol = '';
      try {
        protocol = new URL(value.trim()).protocol;
      } catch {
        // not a URL: refused below
      }
      if (protocol !== 'http:' && protocol !== 'https:') throw new Error(t('common:validation.url'));
    },
  };
}

import { ALPHA_PATTERN, NAME_MAX_LENGTH } from '@vigil/contracts';
import type { FormRule } from 'antd';

/**
 * A person's first or last name: not blank, letters, spaces, hyphens and apostrophes, at most NAME_MAX_LENGTH.
 * The letters rule reads the name as the server keeps it (trimmed) and leaves a blank one to the required rule,
 * so a name of spaces gets one message, not two.
 */
export function personNameRules(messages: { required: string; alpha: string }): FormRule[] {
  const lettersOnly = (_rule: unknown, value: unknown) => {
    const name = typeof value === 'string' ? value.trim() : '';
    return name === '' || ALPHA_PATTERN.test(name) ? Promise.resolve() : Promise.reject(new Error(messages.alpha));
  };
  return [{ required: true, whitespace: true, message: messages.required }, { validator: lettersOnly }, { max: NAME_MAX_LENGTH }];
}

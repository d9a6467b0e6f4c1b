import { ALPHA_PATTERN, NAME_MAX_LENGTH } from '@vigil/contracts';
import type { FormRule } from 'antd';

/** A person's first or last name: not blank, letters, spaces, hyphens and apostrophes, at most NAME_MAX_LENGTH. */
export function personNameRules(messages: { required: string; alpha: string }): FormRule[] {
  return [{ required: true, whitespace: true, message: messages.required }, { pattern: ALPHA_PATTERN, message: messages.alpha }, { max: NAME_MAX_LENGTH }];
}

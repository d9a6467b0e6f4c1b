/**
 * Form rules from the contract's schemas: a field is checked in the browser by the same Zod schema
 * the server checks the call with, so limits and patterns are not mirrored by hand. The schemas name
 * their messages by key (`validation.nickname`), which the `common` namespace translates. Only for
 * signed-in screens: the login and sign-up pages load no Zod.
 */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** What the rules read of a Zod issue (typed here, so the web app needs no Zod types of its own). */
export interface SchemaIssue {
  code: string;
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

/** What the rules need of a Zod schema. */
export interface CheckingSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: SchemaIssue[] } };
}

const MESSAGE_KEY = /^validation\.[a-z_]+$/;

/** The reader's message for a schema issue: its own key, else one for its kind. */
function issueMessage(issue: SchemaIssue, t: TFunction): string {
  if (MESSAGE_KEY.test(issue.message)) return t(`common:${issue.message}`);
  if (issue.code === 'too_big' && issue.origin === 'string') return t('common:validation.too_long', { count: Number(issue.maximum) });
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return Number(issue.minimum) <= 1
      ? t('common:validation.required')
      : t('common:validation.too_short', { count: Number(issue.minimum) });
  }
  return t('common:validation.invalid');
}

/**
 * A rule that checks the field's value with `schema` (a field of a contract's body schema) and shows
 * its first issue. With `required`, an empty field is checked as `''`, so a required name says so once
 * (and the form marks the field as required); without, an empty field is left alone: an optional field,
 * or one whose own `required` rule speaks for it (an e-mail address, a URL).
 */
export function schemaRule(schema: CheckingSchema, t: TFunction, { required = false }: { required?: boolean } = {}): FormRule {
  return {
    required,
    validator: async (_rule, value: unknown) => {
      const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
      if (empty && !required) return;
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(issueMessage(result.error.issues[0], t));
    },
  };
}

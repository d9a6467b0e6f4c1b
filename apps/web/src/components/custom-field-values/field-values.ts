import { checkCustomValue, type CustomFieldValues, type CustomValueProblem, type SavedCustomField } from '@vigil/contracts';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** What `checkCustomValue` found, in the reader's language (its keys are `validation.*` of `common`). */
const problemText = (problem: CustomValueProblem, t: TFunction) => t(`common:${problem.key}`, problem.params ?? {});

/** A custom value's form rule: the same check the server runs (`checkCustomValue`). */
export function customValueRule(field: SavedCustomField, t: TFunction): FormRule {
  return {
    required: field.is_required,
    validator: async (_rule, value: unknown) => {
      const problem = checkCustomValue(field, value);
      if (problem) throw new Error(problemText(problem, t));
    },
  };
}

/** The form's values of the fields in use, as a body carries them (empty ones as null). */
export function fieldValuesOf(
  fields: readonly SavedCustomField[],
  values: Record<string, { value?: string } | undefined> = {},
): CustomFieldValues {
  return Object.fromEntries(
    fields.map((field) => {
      const text = values[field.key]?.value?.trim();
      return [field.key, { value: text ? text : null }];
    }),
  );
}

/** A stored value as the form shows it. */
export const formValueOf = (value: string | number | null | undefined) =>
  value === null || value === undefined ? undefined : String(value);

/** Stored values as a form's initial `fields`. */
export const formValuesOf = (values: CustomFieldValues = {}) =>
  Object.fromEntries(Object.entries(values).map(([key, { value }]) => [key, { value: formValueOf(value) }]));

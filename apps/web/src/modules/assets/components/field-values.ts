import { checkCustomValue, type AssetFieldValues, type AssetTypeField, type CustomValueProblem } from '@vigil/contracts';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** What `checkCustomValue` found, in the reader's language. */
export const problemText = (problem: CustomValueProblem, t: TFunction) =>
  t(`assets:problems.${problem.key.replace(/^validation\./, '')}`, problem.params ?? {});

/** A custom value's form rule: the same check the server runs (`checkCustomValue`). */
export function customValueRule(field: AssetTypeField, t: TFunction): FormRule {
  return {
    required: field.is_required,
    validator: async (_rule, value: unknown) => {
      const problem = checkCustomValue(field, value);
      if (problem) throw new Error(problemText(problem, t));
    },
  };
}

/** The form's values of the fields in use, as the asset body carries them (empty ones as null). */
export function fieldValuesOf(
  fields: readonly AssetTypeField[],
  values: Record<string, { value?: string } | undefined> = {},
): AssetFieldValues {
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

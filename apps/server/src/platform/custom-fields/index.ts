export {
  deleteUnusedField,
  dynamicFieldsOf,
  findCustomField,
  listCustomFields,
  saveCustomFields,
  toCustomField,
  validateCustomValues,
} from './custom-fields.ts';
export type { CustomFieldRow } from './custom-fields.ts';
export { ensureCustomNumberIndex } from './number-index.ts';
export {
  acceptedCustomValues,
  deleteUnusedFieldAndValues,
  findFieldOf,
  saveFieldDefinitions,
  usedCustomFields,
  type FieldValuesStore,
} from './field-values.ts';

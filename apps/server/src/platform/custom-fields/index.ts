export {
  deleteUnusedField,
  dynamicFieldsOf,
  listCustomFields,
  saveCustomFields,
  toCustomField,
  validateCustomValues,
} from './custom-fields.ts';
export type { CustomFieldRow } from './custom-fields.ts';
export { ensureCustomNumberIndex } from './number-index.ts';

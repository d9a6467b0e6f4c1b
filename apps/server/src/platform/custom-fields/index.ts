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

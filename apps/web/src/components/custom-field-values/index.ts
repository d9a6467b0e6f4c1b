export { CustomValueItems } from './CustomValueItems.tsx';
export { fieldValuesOf, formValueOf, formValuesOf } from './field-values.ts';

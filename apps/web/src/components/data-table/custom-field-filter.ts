import { CUSTOM_FIELD_PREFIX, filterTypeOfCustomField, type DynamicField } from '@vigil/contracts';
import type { FilterDef } from './types.ts';

/** The filters of a list's custom fields: numbers for integer and decimal fields, text for the others, none for textarea. */
export function customFieldFilters(fields: readonly DynamicField[]): FilterDef[] {
  return fields.flatMap((field) => {
    const type = filterTypeOfCustomField(field.field_type);
    if (!type) return [];
    return [{ field: CUSTOM_FIELD_PREFIX + field.key, label: field.name, widget: type === 'number' ? 'numberBuilder' : 'textBuilder' }];
  });
}

/** Items imported from a file into one global list (platform/imports does the reading, the job and the mapping). */
import { GLOBAL_LIST_ITEM_NAME_MAX, globalListFieldsEntity, type Language } from '@vigil/contracts';
import { globalListItems } from '../../db/schema/index.ts';
import { recordActivity } from '../../platform/activity-log/index.ts';
import { usedCustomFields } from '../../platform/custom-fields/index.ts';
import { message } from '../../platform/errors.ts';
import { translator } from '../../platform/i18n/index.ts';
import { fieldColumns, fieldValuesOf, insertRecords, type ImportTargetHandler, type MappedRow } from '../../platform/imports/index.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { findGlobalList } from './global-lists.repo.ts';

export const itemImportTarget: ImportTargetHandler = {
  target: 'global_list_items',
  async open(ctx: TenantContext, listId: string, language: Language) {
    const list = await findGlobalList(ctx, listId);
    if (!list || list.archived_at) return undefined;
    const fields = await usedCustomFields(ctx, globalListFieldsEntity(listId));
    return {
      columns: [
        { id: 'display_name', title: translator(language)('imports.columns.display_name'), required: true, field_type: null },
        ...fieldColumns(fields),
      ],
      fields,
      sample: [{ display_name: 'Pump seal 40 mm' }, { display_name: 'Fan belt B-52' }],
      async check(rows: MappedRow[]) {
        return rows
          .filter(({ values }) => values.display_name.length > GLOBAL_LIST_ITEM_NAME_MAX)
          .map(({ row }) => ({
            row,
            column: 'display_name',
            message: message('validation.too_long', { count: GLOBAL_LIST_ITEM_NAME_MAX }),
          }));
      },
      async write(rows: MappedRow[]) {
        const records = rows.map((row) => ({ list_id: listId, display_name: row.values.display_name, fields: fieldValuesOf(fields, row) }));
        await insertRecords(ctx, globalListItems, { list_id: 'uuid', display_name: 'text', fields: 'jsonb' }, records);
      },
      async written(count: number) {
        await recordActivity(ctx, {
          type: 'global_list_item.imported',
          objectType: 'global_list',
          objectId: listId,
          after: { count },
          ip: null,
        });
      },
    };
  },
};

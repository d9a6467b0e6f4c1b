/** Assets imported from a file into one type (platform/imports does the reading, the job and the mapping). */
import { ASSET_ID_MAX, ASSET_NAME_MAX, assetTypeFieldsEntity, type Language } from '@vigil/contracts';
import { sql } from 'drizzle-orm';
import { assets } from '../../db/schema/index.ts';
import { recordActivity } from '../../platform/activity-log/index.ts';
import { usedCustomFields } from '../../platform/custom-fields/index.ts';
import { message } from '../../platform/errors.ts';
import { translator } from '../../platform/i18n/index.ts';
import {
  fieldColumns,
  fieldValuesOf,
  insertRecords,
  valuesPresent,
  type ImportTargetHandler,
  type MappedRow,
  type RowProblem,
} from '../../platform/imports/index.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { assetTypeState } from './asset-types.repo.ts';

const tooLong = (row: number, column: string, count: number): RowProblem => ({
  row,
  column,
  message: message('validation.too_long', { count }),
});

export const assetImportTarget: ImportTargetHandler = {
  target: 'assets',
  async open(ctx: TenantContext, typeId: string, language: Language) {
    const type = await assetTypeState(ctx, typeId);
    if (!type || type.archived) return undefined;
    const fields = await usedCustomFields(ctx, assetTypeFieldsEntity(typeId));
    const t = translator(language);
    /** The first row each asset ID (lower case) was on, across the batches of one pass. */
    const firstRowOf = new Map<string, number>();
    return {
      columns: [
        { id: 'asset_id', title: t('imports.columns.asset_id'), required: true, field_type: null },
        { id: 'display_name', title: t('imports.columns.display_name'), required: true, field_type: null },
        ...fieldColumns(fields),
      ],
      fields,
      sample: [
        { asset_id: 'EXT-0001', display_name: 'Extinguisher, ground floor' },
        { asset_id: 'EXT-0002', display_name: 'Extinguisher, first floor' },
      ],
      async check(rows: MappedRow[]) {
        const problems: RowProblem[] = [];
        const fresh: string[] = [];
        for (const { row, values } of rows) {
          if (values.display_name.length > ASSET_NAME_MAX) problems.push(tooLong(row, 'display_name', ASSET_NAME_MAX));
          if (!values.asset_id) continue;
          if (values.asset_id.length > ASSET_ID_MAX) problems.push(tooLong(row, 'asset_id', ASSET_ID_MAX));
          const id = values.asset_id.toLowerCase();
          const first = firstRowOf.get(id);
          if (first === undefined) {
            firstRowOf.set(id, row);
            fresh.push(id);
          } else problems.push({ row, column: 'asset_id', message: message('imports.asset_id_twice', { row: first }) });
        }
        const taken = await valuesPresent(ctx, assets, sql<string>`lower(${assets.assetId})`, fresh);
        for (const { row, values } of rows)
          if (values.asset_id && taken.has(values.asset_id.toLowerCase()) && firstRowOf.get(values.asset_id.toLowerCase()) === row)
            problems.push({ row, column: 'asset_id', message: message('assets.asset_id_taken') });
        return problems;
      },
      async write(rows: MappedRow[]) {
        const records = rows.map((row) => ({
          asset_id: row.values.asset_id,
          display_name: row.values.display_name,
          type_id: typeId,
          fields: fieldValuesOf(fields, row),
        }));
        await insertRecords(ctx, assets, { asset_id: 'text', display_name: 'text', type_id: 'uuid', fields: 'jsonb' }, records);
      },
      async written(count: number) {
        await recordActivity(ctx, { type: 'asset.imported', objectType: 'asset_type', objectId: typeId, after: { count }, ip: null });
      },
    };
  },
};

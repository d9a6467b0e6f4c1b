import { CUSTOM_FIELD_PREFIX, filterTypeOfCustomField } from '@vigil/contracts';
import { useMemo, useState } from 'react';
import { tableStorage } from './storage.ts';
import type { DataTableColumn, DynamicField } from './types.ts';

/**
 * The screen's columns and its custom fields' (textarea fields are never offered), and which of them
 * the user hid, remembered per table.
 */
export function useColumns<Row>(tableId: string, columns: DataTableColumn<Row>[], dynamicFields: readonly DynamicField[]) {
  const all: DataTableColumn<Row>[] = useMemo(
    () => [
      ...columns,
      ...dynamicFields
        .filter((field) => filterTypeOfCustomField(field.field_type) !== null)
        .map((field) => ({
          key: CUSTOM_FIELD_PREFIX + field.key,
          title: field.name,
          sortable: true,
          render: (row: Row) => {
            const value = (row as { fields?: Record<string, { value?: unknown }> }).fields?.[field.key]?.value;
            return value === undefined || value === null ? '' : String(value);
          },
        })),
    ],
    [columns, dynamicFields],
  );
  const [hidden, setHidden] = useState<string[]>(() => tableStorage.hiddenColumns(tableId) ?? []);
  const toggle = (key: string, visible: boolean) => {
    const next = visible ? hidden.filter((k) => k !== key) : [...hidden, key];
    setHidden(next);
    tableStorage.setHiddenColumns(tableId, next);
  };
  return {
    /** The columns the table draws: fixed ones and the ones not hidden. */
    shown: all.filter((column) => column.fixed || !hidden.includes(column.key)),
    /** The columns the user may hide or show. */
    choosable: all.filter((column) => !column.fixed),
    isHidden: (key: string) => hidden.includes(key),
    toggle,
  };
}

import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeRowFields } from './types.ts';

export interface TreeRows<Row> {
  /** The rows not inside a collapsed parent. */
  visibleRows: Row[];
  setAll: (open: boolean) => void;
  /** The first column's cell of a tree row: indented, with its expand button. */
  cell: (row: Row, content: ReactNode) => ReactNode;
}

/**
 * Tree rows (id, children, depth) with collapsed parents hiding their descendants. A row opens as the
 * user last set it, else as "expand/collapse all" set every row, else as its own `expanded` flag says,
 * else open unless the table is configured closed. `tree` absent: the rows as they are.
 */
export function useTreeRows<Row>(rows: Row[], tree: { defaultExpanded?: boolean } | undefined): TreeRows<Row> {
  const { t } = useTranslation('table');
  const treeOpen = tree?.defaultExpanded !== false;
  const [expansion, setExpansion] = useState<{ all: boolean | null; rows: ReadonlyMap<string, boolean> }>({ all: null, rows: new Map() });
  const isExpanded = (row: TreeRowFields) => expansion.rows.get(row.id) ?? expansion.all ?? row.expanded ?? treeOpen;
  const visibleRows = useMemo(() => {
    if (!tree) return rows;
    const treeRows = rows as (Row & TreeRowFields)[];
    const byId = new Map(treeRows.map((row) => [row.id, row]));
    const parentOf = new Map<string, string>();
    for (const row of treeRows) for (const child of row.children) parentOf.set(child, row.id);
    return treeRows.filter((row) => {
      for (let parent = parentOf.get(row.id); parent !== undefined; parent = parentOf.get(parent)) {
        const parentRow = byId.get(parent);
        if (parentRow && !isExpanded(parentRow)) return false;
      }
      return true;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- isExpanded is rebuilt each render from expansion and treeOpen, which are listed.
  }, [rows, tree, expansion, treeOpen]);
  const toggleRow = (row: TreeRowFields) => setExpansion((prev) => ({ ...prev, rows: new Map(prev.rows).set(row.id, !isExpanded(row)) }));

  const cell = (row: Row, content: ReactNode) => {
    const treeRow = row as Row & TreeRowFields;
    const open = isExpanded(treeRow);
    return (
      <span style={{ paddingInlineStart: treeRow.depth * 20 }}>
        {treeRow.children.length ? (
          <Button
            type="text"
            size="small"
            aria-label={open ? t('tree.collapse') : t('tree.expand')}
            aria-expanded={open}
            icon={open ? <CaretDownOutlined /> : <CaretRightOutlined />}
            onClick={(event) => {
              event.stopPropagation();
              toggleRow(treeRow);
            }}
          />
        ) : (
          <span style={{ display: 'inline-block', width: 24 }} />
        )}
        {content}
      </span>
    );
  };
  return { visibleRows, setAll: (open) => setExpansion({ all: open, rows: new Map() }), cell };
}

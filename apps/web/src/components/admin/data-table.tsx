import type { Key, ReactNode } from 'react';
import styles from './data-table.module.css';

/** One column: its heading, and what a row shows under it. */
export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
}

interface DataTableProps<T> {
  /** What the table is, for a screen reader (the screen's heading says it to the eye). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
}

/**
 * A back-office table of records: headed columns on a wide screen, a card per row on a phone
 * (each cell carries its column's label, shown before it there). Registros and the like.
 */
export function DataTable<T>({ caption, columns, rows, rowKey }: DataTableProps<T>) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

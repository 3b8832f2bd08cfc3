import type { TableColumnType } from '../antd';

/**
 * The column of a row's actions (its links and buttons), pinned to the table's right edge:
 * however many columns scroll sideways beside it, the way into or out of a row stays in view.
 * DataTable lets a table wider than its card scroll, which is what the pinning needs.
 */
export function actionColumn<Row>(column: TableColumnType<Row>): TableColumnType<Row> {
  return { ...column, fixed: 'right' };
}

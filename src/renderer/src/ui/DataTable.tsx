import { Table, type TableProps } from 'antd'
import styles from './DataTable.module.css'

type DataTableProps<Row extends { id: number }> = Omit<
  TableProps<Row>,
  'rowKey' | 'pagination' | 'locale' | 'loading'
> & {
  /** The rows shown are the previous ones while the next arrive: they stay, dimmed and marked busy. */
  refreshing?: boolean
}

/**
 * The app's list table: a bordered card with clearly separated rows, fixed column widths and no
 * built-in paging (lists page through the URL). An empty body says so in the spec's words.
 */
export function DataTable<Row extends { id: number }>({
  className,
  refreshing = false,
  ...props
}: DataTableProps<Row>) {
  return (
    <Table<Row>
      aria-busy={refreshing || undefined}
      {...props}
      className={[styles.table, refreshing && styles.refreshing, className].filter(Boolean).join(' ')}
      rowKey="id"
      tableLayout="fixed"
      pagination={false}
      locale={{ emptyText: 'No data to show at the moment' }}
    />
  )
}

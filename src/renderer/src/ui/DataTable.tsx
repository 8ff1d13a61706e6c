import { Table, type TableProps } from 'antd'
import styles from './DataTable.module.css'

type DataTableProps<Row extends { id: number }> = Omit<TableProps<Row>, 'rowKey' | 'pagination' | 'locale'>

/**
 * The app's list table: a bordered card with clearly separated rows, fixed column widths and no
 * built-in paging (lists page through the URL). An empty body says so in the spec's words.
 */
export function DataTable<Row extends { id: number }>({ className, ...props }: DataTableProps<Row>) {
  return (
    <Table<Row>
      {...props}
      className={[styles.table, className].filter(Boolean).join(' ')}
      rowKey="id"
      tableLayout="fixed"
      pagination={false}
      locale={{ emptyText: 'No data to show at the moment' }}
    />
  )
}

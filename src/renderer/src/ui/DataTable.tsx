import { Table, type TableColumnType, type TableProps } from 'antd'
import { useRef, type CSSProperties, type MouseEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { cellPadding, fitColumns, type ColumnFit } from './columnFit'
import styles from './DataTable.module.css'
import { useElementWidth } from './useElementWidth'

/** A column sized by its fit (share, minimum, when to leave it out) instead of a fixed width. */
export type DataTableColumn<Row> = Omit<TableColumnType<Row>, 'width'> & { fit: ColumnFit }

type DataTableProps<Row extends { id: number | string }> = Omit<
  TableProps<Row>,
  'rowKey' | 'pagination' | 'locale' | 'loading' | 'columns' | 'onRow'
> & {
  columns: DataTableColumn<Row>[]
  /** The rows shown are the previous ones while the next arrive: they stay, dimmed and marked busy. */
  refreshing?: boolean
  /**
   * Where a row leads: a click anywhere on it but its controls goes there. The row's keyboard way
   * there is a link in one of its cells, so rows themselves take no tab stop.
   */
  rowLink?: (row: Row) => string
}

/** A click meant for a control of the row (or its menu, rendered elsewhere), or one that selected text. */
function isClickOnControl(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as Element
  return (
    !event.currentTarget.contains(target) ||
    target.closest('a, button, input, [role="menuitem"]') !== null ||
    Boolean(window.getSelection()?.toString())
  )
}

/**
 * The app's list table: a bordered card with clearly separated rows and no built-in paging (lists
 * page through the URL). Columns keep their minimum widths and the least needed ones step aside in a
 * narrow window, so headers, numbers and dates never wrap. An empty body says so in the spec's words.
 */
export function DataTable<Row extends { id: number | string }>({
  className,
  columns,
  rowLink,
  refreshing = false,
  ...props
}: DataTableProps<Row>) {
  const ref = useRef<HTMLDivElement>(null)
  const width = useElementWidth(ref)
  const navigate = useNavigate()
  const padding = { '--cell-padding-x': `${cellPadding(width)}px` } as CSSProperties
  return (
    <div ref={ref} style={padding}>
      <Table<Row>
        aria-busy={refreshing || undefined}
        {...props}
        className={[styles.table, refreshing && styles.refreshing, className].filter(Boolean).join(' ')}
        rowKey="id"
        tableLayout="fixed"
        columns={fitColumns(columns, width).map(({ fit: _fit, ...column }) => column)}
        rowClassName={rowLink && styles.linkedRow}
        onRow={
          rowLink &&
          ((row) => ({
            onClick: (event) => {
              if (!isClickOnControl(event)) navigate(rowLink(row))
            },
          }))
        }
        pagination={false}
        locale={{ emptyText: 'No data to show at the moment' }}
      />
    </div>
  )
}

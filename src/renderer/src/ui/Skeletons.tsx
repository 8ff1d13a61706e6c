import { Skeleton } from 'antd'
import { DataTable, type DataTableColumn } from './DataTable'
import styles from './Skeletons.module.css'
import { VisuallyHidden } from './VisuallyHidden'

/** Says to assistive technology what the grey shapes stand for. */
function LoadingStatus({ what }: { what: string }) {
  return (
    <VisuallyHidden as="span" role="status">
      Loading {what}…
    </VisuallyHidden>
  )
}

const bar = <Skeleton.Input active size="small" className={styles.bar} />

interface TableSkeletonProps<Row> {
  /** The table's own columns: the skeleton shows their headers and widths. */
  columns: DataTableColumn<Row>[]
  /** The table's accessible name, e.g. "Bookings". */
  label: string
  /** Placeholder rows: as many as a page usually holds. */
  rows?: number
}

/** A list table that is on its way: its real header over rows of grey bars, marked busy. */
export function TableSkeleton<Row>({ columns, label, rows = 10 }: TableSkeletonProps<Row>) {
  const placeholders: DataTableColumn<{ id: number }>[] = columns.map(
    ({ title, key, fit, align, className }) => ({
      // A title drawn from the rows (sorting state) has nothing to draw yet.
      title: typeof title === 'function' ? undefined : title,
      key,
      fit,
      align,
      className,
      // Columns without a heading hold a picture or a menu: no line of text to stand for.
      render: () => (title ? bar : null),
    }),
  )
  const dataSource = Array.from({ length: rows }, (_, id) => ({ id }))
  return (
    <div>
      <LoadingStatus what={label.toLowerCase()} />
      <DataTable<{ id: number }>
        aria-label={label}
        aria-busy
        columns={placeholders}
        dataSource={dataSource}
      />
    </div>
  )
}

/** A card of details on its way (a booking): a coloured header band, then lines of text. */
export function DetailSkeleton({ label, lines = 6 }: { label: string; lines?: number }) {
  return (
    <section className={styles.detail} aria-label={label} aria-busy>
      <LoadingStatus what={label.toLowerCase()} />
      <div className={styles.band} />
      <Skeleton active title={false} paragraph={{ rows: lines }} className={styles.detailBody} />
    </section>
  )
}

/** A form on its way: one row per field, a label on the left, an input and its hint beside it. */
export function FormSkeleton({ label, fields }: { label: string; fields: number }) {
  return (
    <div className={styles.form} aria-label={label} aria-busy role="group">
      <LoadingStatus what={label.toLowerCase()} />
      {Array.from({ length: fields }, (_, field) => (
        <div key={field} className={styles.field}>
          <Skeleton.Input active size="small" className={styles.fieldLabel} />
          <div className={styles.fieldInput}>
            <Skeleton.Input active block />
            <Skeleton.Input active size="small" className={styles.hint} />
          </div>
        </div>
      ))}
    </div>
  )
}

/**
 * A chart of rows on its way (the calendar): a header band, then rows of a name and a stretch of
 * grey where the row's content will lie, staggered so it reads as rows, not as one block.
 */
export function RowsSkeleton({
  label,
  rows = 10,
  className,
}: {
  label: string
  rows?: number
  className?: string
}) {
  return (
    <div
      className={[styles.rows, className].filter(Boolean).join(' ')}
      aria-label={label}
      aria-busy
      role="group"
    >
      <LoadingStatus what={label.toLowerCase()} />
      <div className={styles.rowsHead} />
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className={styles.rowsRow}>
          <Skeleton.Input active size="small" className={styles.rowName} />
          <div
            className={styles.rowContent}
            style={{ marginLeft: `${(row * 37) % 45}%`, width: `${25 + ((row * 23) % 30)}%` }}
          >
            <Skeleton.Input active block size="small" />
          </div>
        </div>
      ))}
    </div>
  )
}

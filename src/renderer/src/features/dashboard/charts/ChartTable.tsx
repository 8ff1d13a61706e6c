import { VisuallyHidden } from '../../../ui/VisuallyHidden'
import styles from './ChartTable.module.css'

export interface ChartTableProps {
  caption: string
  columns: string[]
  /** One row per point; the first cell names it (a row header), the others are its figures. */
  rows: (string | number)[][]
  /** The colour each row has in the chart, shown as a swatch before its name. */
  swatches?: string[]
}

/** A chart's data as a table: the chart's text alternative, and its key when shown. */
export function ChartTable({ caption, columns, rows, swatches }: ChartTableProps) {
  return (
    <table className={styles.table}>
      {/* On screen the panel's title names the chart; the caption names the table for screen readers. */}
      <caption>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, ...figures], index) => (
          <tr key={name}>
            <th scope="row">
              {swatches && <span className={styles.swatch} style={{ backgroundColor: swatches[index] }} />}
              {name}
            </th>
            {figures.map((figure, column) => (
              <td key={column}>{figure}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** How a column of a DataTable takes its room. */
export interface ColumnFit {
  /** Its part of the table's width (the spec's ratios), as long as every column keeps its minimum. */
  share: number
  /** The narrowest its content may get, in px, so that headers, numbers and dates never wrap. */
  minWidth: number
  /** Left out when the table is narrower than this many px: a column the desk can do without. */
  hideBelow?: number
}

/** A cell's horizontal padding (each side, px): roomy in a wide table, tighter in a narrow one. */
export function cellPadding(tableWidth: number | undefined): number {
  return tableWidth !== undefined && tableWidth < COMPACT_BELOW ? 12 : 24
}
const COMPACT_BELOW = 960

/**
 * The columns a table of this width shows and their widths: in px once the width is known (each
 * column its share, but never under its minimum plus padding; what a column pinned at its minimum
 * cannot take goes to the others by their shares), as percentages of the shares before that.
 */
export function fitColumns<Column extends { fit: ColumnFit }>(
  columns: Column[],
  tableWidth: number | undefined,
): (Column & { width: number | string })[] {
  if (!tableWidth) {
    const total = sum(columns.map(({ fit }) => fit.share))
    return columns.map((column) => ({
      ...column,
      width: `${((column.fit.share / total) * 100).toFixed(2)}%`,
    }))
  }
  const shown = columns.filter(({ fit }) => fit.hideBelow === undefined || tableWidth >= fit.hideBelow)
  const padding = 2 * cellPadding(tableWidth)
  const widths = new Map<Column, number>()
  let room = tableWidth
  for (;;) {
    const free = shown.filter((column) => !widths.has(column))
    const shares = sum(free.map(({ fit }) => fit.share))
    const tooNarrow = free.filter(({ fit }) => (room * fit.share) / shares < fit.minWidth + padding)
    if (tooNarrow.length === 0) {
      for (const column of free) widths.set(column, (room * column.fit.share) / shares)
      break
    }
    for (const column of tooNarrow) {
      widths.set(column, column.fit.minWidth + padding)
      room -= column.fit.minWidth + padding
    }
  }
  return shown.map((column) => ({ ...column, width: Math.floor(widths.get(column)!) }))
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0)
}

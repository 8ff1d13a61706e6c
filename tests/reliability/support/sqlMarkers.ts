/**
 * Markers planted in fuzz inputs, so the SQL the server sends can be searched for them. A value
 * marker stands where the input is data (filter values, bodies, emails, file names): it must only
 * ever travel as a bind parameter, never inside SQL text. A name marker stands where the input names
 * something (columns, aliases, tables): it may reach SQL text, but only as a double-quoted identifier.
 */
export const valueMarker = (n: number) => `zv${n.toString(16).padStart(8, '0')}vz`
export const nameMarker = (n: number) => `zn${n.toString(16).padStart(8, '0')}nz`

const VALUE_MARKER = /zv[0-9a-f]{8}vz/g
const NAME_MARKER = /zn[0-9a-f]{8}nz/g

/** Markers found where they do not belong in one SQL text; empty when the text is clean. */
export function misplacedMarkers(sql: string): string[] {
  const found = [...sql.matchAll(VALUE_MARKER)].map((match) => match[0])
  const names = [...sql.matchAll(NAME_MARKER)]
  if (names.length > 0) {
    const quoted = quotedIdentifierRanges(sql)
    for (const match of names) {
      const inside = quoted.some(
        ([start, end]) => match.index > start && match.index + match[0].length <= end,
      )
      if (!inside) found.push(match[0])
    }
  }
  return found
}

/**
 * [start, end] offsets of every "quoted identifier", found by walking the SQL the way the Postgres
 * lexer does, so a double quote inside a string literal, a dollar-quoted body or a comment is not
 * mistaken for one.
 */
export function quotedIdentifierRanges(sql: string): [number, number][] {
  const ranges: [number, number][] = []
  let i = 0
  while (i < sql.length) {
    const c = sql[i]
    if (c === '"' || c === "'") {
      const start = i
      i++
      while (i < sql.length) {
        if (sql[i] === c && sql[i + 1] === c) i += 2
        else if (sql[i] === c) break
        else i++
      }
      if (c === '"') ranges.push([start, i])
      i++
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i)
      i = end < 0 ? sql.length : end + 1
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2)
      i = end < 0 ? sql.length : end + 2
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))?.[0]
      if (!tag) {
        i++
        continue
      }
      const end = sql.indexOf(tag, i + tag.length)
      i = end < 0 ? sql.length : end + tag.length
    } else i++
  }
  return ranges
}

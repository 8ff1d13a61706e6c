import { ambiguousRel, noRelBetween } from '../errors'
import { closestMatch } from '../fuzzy'
import { EXPOSED_SCHEMA, type Relationship, type SchemaCache } from '../schemaCache'

/**
 * The relationship `origin?select=target!hint(…)` means, by PostgREST's rules (Plan.hs findRel,
 * without many-to-many and computed relationships): the target is normally the foreign table's name,
 * or without a hint a foreign key constraint name or a single FK column; the hint narrows by
 * constraint name or by a column on either side.
 */
export function findRelationship(
  cache: SchemaCache,
  origin: string,
  target: string,
  hint: string | undefined,
): Relationship {
  const candidates = cache.relationships.get(origin) ?? []
  const ownColumn = (r: Relationship) => (r.columns.length === 1 ? r.columns[0][0] : undefined)
  const foreignColumn = (r: Relationship) => (r.columns.length === 1 ? r.columns[0][1] : undefined)
  const matches = candidates.filter((r) => {
    const isSelf = r.table === r.foreignTable
    if (isSelf) {
      // One foreign key, two readings: the table name means the children, the FK column the parent.
      if (hint === undefined) {
        return (
          (target === r.foreignTable && r.cardinality === 'o2m') ||
          (target === ownColumn(r) && r.cardinality === 'm2o')
        )
      }
      return target === r.foreignTable && r.cardinality === 'o2m' && hint === foreignColumn(r)
    }
    if (hint === undefined) {
      return target === r.foreignTable || target === r.constraint || target === ownColumn(r)
    }
    return (
      target === r.foreignTable &&
      (hint === r.constraint || hint === ownColumn(r) || hint === foreignColumn(r))
    )
  })
  if (matches.length === 1) return matches[0]
  if (matches.length === 0) {
    const suggestion = cache.relationships.has(origin)
      ? suggest(
          candidates.map((r) => r.foreignTable),
          target,
        )
      : suggest(cache.relationships.keys(), origin, origin)
    throw noRelBetween(origin, target, hint, EXPOSED_SCHEMA, suggestion)
  }
  throw ambiguousRel(
    origin,
    target,
    matches.map((r) => ({
      cardinality: { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one' }[r.cardinality],
      embedding: `${r.table} with ${r.foreignTable}`,
      relationship: `${r.constraint} using ${r.table}(${r.columns.map((c) => c[0]).join(', ')}) and ${
        r.foreignTable
      }(${r.columns.map((c) => c[1]).join(', ')})`,
    })),
    matches.map((r) => `'${r.foreignTable}!${r.constraint}'`),
  )
}

function suggest(names: Iterable<string>, wrong: string, replaced = wrong): string | undefined {
  const found = closestMatch(names, wrong)
  return found === undefined ? undefined : `Perhaps you meant '${found}' instead of '${replaced}'.`
}

export const isToOne = (r: Relationship) => r.cardinality !== 'o2m'

import { withRequestRole, type RequestClaims } from '../db/requestContext'
import type { Database } from '../db/types'
import type { PublishedTable } from './tables'

/** Claims that change with every token of one session and that no policy reads. */
const TIME_CLAIMS = new Set(['exp', 'iat', 'nbf', 'jti'])

/**
 * Subscribers whose claims differ only in their token's times see the same rows: one visibility check
 * serves them all (two desks signed in as one user, or one desk before and after a refresh).
 */
export function claimsKey(claims: RequestClaims): string {
  const kept = Object.keys(claims)
    .filter((name) => !TIME_CLAIMS.has(name))
    .sort()
    .map((name) => [name, claims[name]])
  return JSON.stringify(kept)
}

/**
 * Which of a table's changed rows the subscriber with these claims may see, as indexes into `rows`:
 * row level security decides, in one transaction as that subscriber (role and claims, as PostgREST
 * runs a request). The table's SELECT policies are evaluated on each row as the change left it (the
 * new row; the old one for a DELETE, which Supabase sends to everyone and the contract allows
 * withholding), not on the table as it is when the check runs: a row changed again or deleted since
 * is still delivered, in order. A policy that raises (an admin-only one, for the front desk) counts as
 * not visible, and so does a role without SELECT on the table.
 */
export async function visibleRows(
  db: Database,
  table: PublishedTable,
  claims: RequestClaims,
  rows: Record<string, unknown>[],
): Promise<Set<number>> {
  const sql = policySql(table, claims.role)
  if (!sql || rows.length === 0) return new Set()
  try {
    const { rows: passed } = await withRequestRole(db, claims, (tx) =>
      tx.query<{ at: number }>(sql, [JSON.stringify(rows)]),
    )
    return new Set(passed.map((row) => row.at))
  } catch {
    return new Set()
  }
}

function quoted(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`
}

/**
 * The rows that pass the table's SELECT policies for this role, evaluated on the rows themselves under
 * the table's own name (so qualified column references resolve); undefined when no row can.
 */
function policySql(table: PublishedTable, role: string): string | undefined {
  const name = `public.${quoted(table.name)}`
  const applying = table.policies.filter(
    (policy) => policy.roles.includes('public') || policy.roles.includes(role),
  )
  const permissive = applying.filter((policy) => policy.permissive).map((policy) => `(${policy.using})`)
  const restrictive = applying.filter((policy) => !policy.permissive).map((policy) => `(${policy.using})`)
  let condition = `has_table_privilege('${name.replace(/'/g, "''")}', 'SELECT')`
  if (table.rowSecurity && role !== 'service_role') {
    if (permissive.length === 0) return undefined
    condition += ` and (${permissive.join(' or ')})`
    if (restrictive.length > 0) condition += ` and ${restrictive.join(' and ')}`
  }
  return `select (realtime_at - 1)::int as at
            from jsonb_array_elements($1::jsonb) with ordinality as realtime_rows(realtime_row, realtime_at)
           cross join lateral jsonb_populate_record(null::${name}, realtime_row) as ${quoted(table.name)}
           where ${condition}`
}

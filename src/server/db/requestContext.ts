import { STATEMENT_TIMEOUT_MS } from '../config'
import type { Database, Queryable } from './types'

export const REQUEST_ROLES = ['anon', 'authenticated', 'service_role'] as const
export type RequestRole = (typeof REQUEST_ROLES)[number]

/** The verified JWT claims of a request (anon requests carry at least { role: 'anon' }). */
export interface RequestClaims {
  role: string
  sub?: string
  email?: string
  [claim: string]: unknown
}

/** Thrown for a role claim that is not one of REQUEST_ROLES; shaped like the PostgreSQL error. */
export class UnknownRoleError extends Error {
  readonly code = '22023'
  constructor(role: string) {
    super(`role "${role}" does not exist`)
    this.name = 'UnknownRoleError'
  }
}

/**
 * Runs fn in one transaction as PostgREST runs a request: as the claims' role, with the claims in
 * request.jwt.claims (read by auth.uid(), auth.role(), …), search_path public, extensions and the
 * role's statement_timeout — so row level security decides and a runaway statement is cancelled
 * (57014), as on Supabase. All settings are transaction-local, set by the one query that sets the role.
 * PGlite ignores statement_timeout (no timer can interrupt its single thread): there only the REST
 * limits (rest/limits.ts) bound a request's work. `readOnly` makes the transaction read-only (as
 * `SET TRANSACTION READ ONLY`) in that same query: one round trip into the database less than a
 * statement of its own.
 */
export function withRequestRole<T>(
  db: Database,
  claims: RequestClaims,
  fn: (tx: Queryable) => Promise<T>,
  { readOnly = false }: { readOnly?: boolean } = {},
): Promise<T> {
  // The role is a bare identifier in SQL terms: only the three API roles may ever be assumed.
  if (!(REQUEST_ROLES as readonly string[]).includes(claims.role)) {
    return Promise.reject(new UnknownRoleError(claims.role))
  }
  return db.transaction(async (tx) => {
    await tx.query(readOnly ? SET_READ_ONLY_REQUEST : SET_REQUEST, [
      claims.role,
      JSON.stringify(claims),
      String(STATEMENT_TIMEOUT_MS[claims.role as RequestRole]),
    ])
    return fn(tx)
  })
}

const SET_REQUEST = `select set_config('search_path', 'public, extensions', true),
              set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('statement_timeout', $3, true)`
// Turning a transaction read-only is allowed at any point of it (only the way back is not).
const SET_READ_ONLY_REQUEST = `${SET_REQUEST},
              set_config('transaction_read_only', 'on', true)`

/** For server-side work that must ignore row level security but still look like an API call. */
export function asServiceRole<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return withRequestRole(db, { role: 'service_role' }, fn)
}

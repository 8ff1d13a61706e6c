import { randomUUID } from 'node:crypto'
import { REFRESH_TOKEN_REUSE_INTERVAL_SECONDS } from '../config'
import type { Database, Queryable } from '../db/types'
import { AuthError, badRequest } from './errors'
import { REFRESH_TOKEN_PATTERN, newRefreshToken, type SessionInfo } from './tokens'
import { timestamp } from './users'

interface SessionRow {
  id: string
  user_id: string
  created_at: Date | string
  not_after?: Date | string | null
}

interface RefreshTokenRow {
  id: string | number
  token: string
  user_id: string
  session_id: string | null
  parent: string | null
  revoked: boolean
  updated_at: Date | string
}

export interface IssuedSession {
  userId: string
  session: SessionInfo
  refreshToken: string
}

const iso = (ms: number) => new Date(ms).toISOString()

function sessionInfo(row: SessionRow): SessionInfo {
  return { id: row.id, authenticatedAt: Math.floor(Date.parse(timestamp(row.created_at) ?? '') / 1000) }
}

async function insertRefreshToken(
  tx: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
  nowMs: number,
) {
  const token = newRefreshToken()
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent, revoked, created_at, updated_at)
     values ($1, $2, $3::uuid, $4, false, $5::timestamptz, $5::timestamptz)`,
    [token, userId, sessionId, parent, iso(nowMs)],
  )
  return token
}

/** A new session with its first refresh token, after a password sign-in or a sign-up. */
export async function startSession(tx: Queryable, userId: string, nowMs: number): Promise<IssuedSession> {
  const id = randomUUID()
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at)
     values ($1::uuid, $2::uuid, $3::timestamptz, $3::timestamptz)`,
    [id, userId, iso(nowMs)],
  )
  const refreshToken = await insertRefreshToken(tx, userId, id, null, nowMs)
  return { userId, session: { id, authenticatedAt: Math.floor(nowMs / 1000) }, refreshToken }
}

/**
 * The refresh-token grant with rotation and reuse detection of contract 3.6. The presented token is
 * revoked and a child issued. A revoked token is accepted again only while its session is alive:
 * when it is the parent of the active token (the client lost our previous answer) the active token
 * is handed out again, and within the reuse interval a sibling is issued. Any other reuse means the
 * token leaked, so every token of the session is revoked.
 */
export async function rotateRefreshToken(
  db: Database,
  presented: unknown,
  nowMs: number,
): Promise<IssuedSession> {
  if (typeof presented !== 'string' || !REFRESH_TOKEN_PATTERN.test(presented)) {
    throw badRequest('validation_failed', 'Refresh token is not valid')
  }
  const outcome = await db.transaction(async (tx): Promise<IssuedSession | AuthError> => {
    // The row lock serialises concurrent refreshes of one token (two tabs, a retry after a timeout).
    const token = (
      await tx.query<RefreshTokenRow>('select * from auth.refresh_tokens where token = $1 for update', [
        presented,
      ])
    ).rows[0]
    if (!token) return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')

    const user = (
      await tx.query<{ id: string; banned_until: Date | string | null }>(
        'select id, banned_until from auth.users where id = $1::uuid and deleted_at is null',
        [token.user_id],
      )
    ).rows[0]
    if (!user) return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    const bannedUntil = timestamp(user.banned_until)
    if (bannedUntil && Date.parse(bannedUntil) > nowMs) return badRequest('user_banned', 'User is banned')

    const session = token.session_id
      ? (
          await tx.query<SessionRow>('select * from auth.sessions where id = $1::uuid for update', [
            token.session_id,
          ])
        ).rows[0]
      : undefined
    if (!session) return badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found')
    const notAfter = timestamp(session.not_after)
    if (notAfter && Date.parse(notAfter) <= nowMs) {
      return badRequest('session_expired', 'Invalid Refresh Token: Session Expired')
    }

    if (token.revoked) {
      const active = (
        await tx.query<RefreshTokenRow>(
          `select * from auth.refresh_tokens where session_id = $1::uuid and not revoked
           order by created_at desc, id desc limit 1`,
          [session.id],
        )
      ).rows[0]
      if (active && active.parent === token.token) {
        await touchSession(tx, session.id, nowMs)
        return { userId: user.id, session: sessionInfo(session), refreshToken: active.token }
      }
      const revokedAt = Date.parse(timestamp(token.updated_at) ?? '')
      const withinReuseInterval = nowMs <= revokedAt + REFRESH_TOKEN_REUSE_INTERVAL_SECONDS * 1000
      if (!active || !withinReuseInterval) {
        await tx.query(
          `update auth.refresh_tokens set revoked = true, updated_at = $2::timestamptz
           where session_id = $1::uuid and not revoked`,
          [session.id, iso(nowMs)],
        )
        return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used')
      }
    } else {
      await tx.query(
        'update auth.refresh_tokens set revoked = true, updated_at = $2::timestamptz where token = $1',
        [token.token, iso(nowMs)],
      )
    }
    const refreshToken = await insertRefreshToken(tx, user.id, session.id, token.token, nowMs)
    await touchSession(tx, session.id, nowMs)
    return { userId: user.id, session: sessionInfo(session), refreshToken }
  })
  // Returned rather than thrown so that revoking a leaked session's tokens is committed.
  if (outcome instanceof AuthError) throw outcome
  return outcome
}

async function touchSession(tx: Queryable, sessionId: string, nowMs: number): Promise<void> {
  await tx.query('update auth.sessions set updated_at = $2::timestamptz where id = $1::uuid', [
    sessionId,
    iso(nowMs),
  ])
}

export async function sessionExists(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from auth.sessions where id = $1::uuid', [sessionId])
  return rows.length > 0
}

export type LogoutScope = 'global' | 'local' | 'others'

/** Ends sessions: all of the user's, only `sessionId`, or all but `sessionId`. Their refresh tokens go too. */
export async function endSessions(db: Queryable, userId: string, scope: LogoutScope, sessionId?: string) {
  const condition =
    scope === 'global'
      ? 'user_id = $1::uuid'
      : scope === 'local'
        ? 'user_id = $1::uuid and id = $2::uuid'
        : 'user_id = $1::uuid and id <> $2::uuid'
  const params = scope === 'global' ? [userId] : [userId, sessionId]
  await db.query(
    `delete from auth.refresh_tokens where session_id in (select id from auth.sessions where ${condition})`,
    params,
  )
  if (scope === 'global') await db.query('delete from auth.refresh_tokens where user_id = $1', [userId])
  await db.query(`delete from auth.sessions where ${condition}`, params)
}

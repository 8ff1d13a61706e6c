import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/types'

/** An auth.users row as read with `select *`; only the columns this module relies on are named. */
export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | string | null
  invited_at?: Date | string | null
  confirmation_sent_at?: Date | string | null
  recovery_sent_at?: Date | string | null
  email_change?: string | null
  email_change_sent_at?: Date | string | null
  phone?: string | null
  phone_confirmed_at?: Date | string | null
  last_sign_in_at: Date | string | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: Date | string
  updated_at: Date | string | null
  banned_until?: Date | string | null
  deleted_at?: Date | string | null
  is_anonymous?: boolean | null
}

export interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown> | null
  provider: string
  last_sign_in_at: Date | string | null
  created_at: Date | string | null
  updated_at: Date | string | null
  email?: string | null
}

export const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] }

export function timestamp(value: Date | string | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    'select * from auth.users where id = $1::uuid and deleted_at is null',
    [id],
  )
  return rows[0]
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    'select * from auth.users where lower(email) = $1 and deleted_at is null order by created_at limit 1',
    [email.toLowerCase()],
  )
  return rows[0]
}

export async function findIdentities(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    'select * from auth.identities where user_id = $1::uuid order by created_at',
    [userId],
  )
  return rows
}

export function isBanned(user: UserRow, nowMs: number): boolean {
  const until = timestamp(user.banned_until)
  return until !== undefined && Date.parse(until) > nowMs
}

/** The user JSON of contract 3.3: keys in GoTrue's order, empty optional fields left out. */
export function userJson(user: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud || 'authenticated',
    role: user.role || 'authenticated',
    email: user.email ?? '',
  }
  const optional = (key: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') json[key] = value
  }
  optional('email_confirmed_at', timestamp(user.email_confirmed_at))
  optional('invited_at', timestamp(user.invited_at))
  json.phone = user.phone ?? ''
  optional('phone_confirmed_at', timestamp(user.phone_confirmed_at))
  optional('confirmation_sent_at', timestamp(user.confirmation_sent_at))
  optional('confirmed_at', timestamp(user.email_confirmed_at) ?? timestamp(user.phone_confirmed_at))
  optional('recovery_sent_at', timestamp(user.recovery_sent_at))
  optional('new_email', user.email_change)
  optional('email_change_sent_at', timestamp(user.email_change_sent_at))
  optional('last_sign_in_at', timestamp(user.last_sign_in_at))
  json.app_metadata = user.raw_app_meta_data ?? {}
  json.user_metadata = user.raw_user_meta_data ?? {}
  json.identities = identities.map(identityJson)
  json.created_at = timestamp(user.created_at)
  json.updated_at = timestamp(user.updated_at) ?? timestamp(user.created_at)
  optional('banned_until', timestamp(user.banned_until))
  optional('deleted_at', timestamp(user.deleted_at))
  json.is_anonymous = Boolean(user.is_anonymous)
  return json
}

function identityJson(identity: IdentityRow): Record<string, unknown> {
  const data = identity.identity_data ?? {}
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: data,
    provider: identity.provider,
    last_sign_in_at: timestamp(identity.last_sign_in_at),
    created_at: timestamp(identity.created_at),
    updated_at: timestamp(identity.updated_at),
    email: identity.email ?? (typeof data.email === 'string' ? data.email : undefined),
  }
}

export interface NewEmailUser {
  email: string
  passwordHash: string
  /** The sign-up `data`, which becomes user_metadata. */
  data: Record<string, unknown>
  nowMs: number
}

/**
 * A confirmed email user with its identity, as GoTrue creates one with autoconfirm. The database's
 * trigger on auth.users may make it staff (an invite); nothing here does.
 */
export async function insertEmailUser(tx: Queryable, user: NewEmailUser): Promise<string> {
  const id = randomUUID()
  const now = new Date(user.nowMs).toISOString()
  await tx.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1::uuid, 'authenticated', 'authenticated', $2, $3, $4::timestamptz, $4::timestamptz,
       $5::jsonb, $6::jsonb, $4::timestamptz, $4::timestamptz)`,
    [
      id,
      user.email,
      user.passwordHash,
      now,
      JSON.stringify(EMAIL_APP_METADATA),
      JSON.stringify({ ...user.data, email_verified: true }),
    ],
  )
  // As GoTrue: sign-up data only adds keys, it never replaces the identity's own (sub, email, …).
  const identityData = {
    ...user.data,
    sub: id,
    email: user.email,
    email_verified: false,
    phone_verified: false,
  }
  await tx.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1::uuid, $2::text, $2::text::uuid, $3::jsonb, 'email', $4::timestamptz, $4::timestamptz, $4::timestamptz)`,
    [randomUUID(), id, JSON.stringify(identityData), now],
  )
  return id
}

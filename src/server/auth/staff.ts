import type { Database } from '../db/types'
import { normaliseEmail } from './signup'
import { hashPassword } from './passwords'
import { findUserByEmail, insertEmailUser } from './users'

export interface StaffAccount {
  email: string
  password: string
  fullName: string
}

/** The product's rule for new staff passwords (stricter than the server's GoTrue default). */
export const STAFF_PASSWORD_MIN_LENGTH = 8

/**
 * Makes an admin account outside the app, for the first staff member of a database without demo data.
 * An existing account keeps its password and is only made staff.
 */
export async function addStaff(
  db: Database,
  account: StaffAccount,
  nowMs = Date.now(),
): Promise<{ userId: string; created: boolean }> {
  const email = normaliseEmail(account.email)
  if (account.password.length < STAFF_PASSWORD_MIN_LENGTH) {
    throw new Error(`Password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters long`)
  }
  if (account.fullName.trim() === '') throw new Error('A full name is required')
  const existing = await findUserByEmail(db, email)
  const passwordHash = existing ? undefined : await hashPassword(account.password)
  return db.transaction(async (tx) => {
    const userId =
      existing?.id ??
      (await insertEmailUser(tx, {
        email,
        passwordHash: passwordHash as string,
        data: { fullName: account.fullName.trim(), avatar: '' },
        nowMs,
      }))
    // The account a database's owner makes by hand is an admin (the first one must be); an existing
    // staff member keeps the role they have.
    await tx.query(
      "insert into public.staff (user_id, role) values ($1::uuid, 'admin') on conflict do nothing",
      [userId],
    )
    return { userId, created: !existing }
  })
}

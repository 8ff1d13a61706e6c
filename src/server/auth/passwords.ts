import bcrypt from 'bcryptjs'
import { BCRYPT_COST, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../config'
import { AuthError, validationFailed } from './errors'

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST)
}

let dummyHash: Promise<string> | undefined

/** Computes the throw-away hash ahead of the first sign-in, which would otherwise take twice as long. */
export function primeDummyHash(): Promise<string> {
  return (dummyHash ??= bcrypt.hash('innkeeper-no-such-user', BCRYPT_COST))
}

/**
 * Compares against the stored hash, or against a throw-away hash of the same cost when there is
 * none, so an unknown email takes as long to reject as a wrong password.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const target = hash || (await primeDummyHash())
  // A hash bcrypt cannot read (an imported account, a hand-edited row) simply never matches.
  const matches = await bcrypt.compare(password, target).catch(() => false)
  return matches && Boolean(hash)
}

/** GoTrue's checks for a new password: presence and bcrypt's byte limit first, then strength. */
export function checkNewPassword(password: unknown, emptyMessage: string): string {
  if (typeof password !== 'string' || password === '') throw validationFailed(emptyMessage)
  if (Buffer.byteLength(password) > PASSWORD_MAX_LENGTH) {
    throw validationFailed(`Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`)
  }
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    const message = `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`
    throw new AuthError(422, 'weak_password', message, { weak_password: { message, reasons: ['length'] } })
  }
  return password
}

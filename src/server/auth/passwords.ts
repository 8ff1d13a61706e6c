import { hash, verify } from '@node-rs/bcrypt'
import { BCRYPT_COST, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../config'
import { AuthError, validationFailed } from './errors'

/**
 * bcrypt runs in a native binding on libuv's thread pool, not on the event loop: a flood of sign-ups
 * must not stall every other request (bcryptjs hashed in JavaScript, ~70 ms of blocked loop each).
 * It writes $2b$ hashes and reads the $2a$/$2b$ ones of bcryptjs, GoTrue and older databases.
 */
export async function hashPassword(password: string): Promise<string> {
  // The binding tags its hashes $2y$, which names the same algorithm as $2b$ (the two differ only in
  // which C library first fixed an old bug); stored hashes carry $2b$ as GoTrue's and bcryptjs's do.
  return (await hash(password, BCRYPT_COST)).replace(/^\$2y\$/, '$2b$')
}

let dummyHash: Promise<string> | undefined

/**
 * What a sign-in compares against: the stored hash, or a throw-away hash of the same cost when there
 * is none, so an unknown email takes as long to reject as a wrong password.
 */
export function comparisonTarget(storedHash: string | null | undefined): Promise<string> {
  return storedHash ? Promise.resolve(storedHash) : primeDummyHash()
}

/** Computes the throw-away hash ahead of the first sign-in, which would otherwise take twice as long. */
export function primeDummyHash(): Promise<string> {
  return (dummyHash ??= hashPassword('innkeeper-no-such-user'))
}

export async function verifyPassword(
  password: string,
  storedHash: string | null | undefined,
): Promise<boolean> {
  // A hash bcrypt cannot read (an imported account, a hand-edited row) simply never matches.
  const matches = await verify(password, await comparisonTarget(storedHash)).catch(() => false)
  return matches && Boolean(storedHash)
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

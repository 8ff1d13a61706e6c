import { randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SignJWT } from 'jose'
import { API_KEY_TTL_SECONDS } from './config'

export interface ServerKeys {
  /** HS256 secret that signs every token of this data folder. */
  secret: Uint8Array
  anonKey: string
  serviceKey: string
}

const SECRET_FILE = 'jwt-secret'
const SECRET_BYTES = 48

/**
 * Reads the data folder's JWT secret, creating it on first start. The file is readable by its owner
 * only: whoever holds it can mint a service-role token.
 */
export async function loadSecret(dataDir: string): Promise<Uint8Array> {
  const file = join(dataDir, SECRET_FILE)
  try {
    const text = (await readFile(file, 'utf8')).trim()
    const secret = Buffer.from(text, 'base64url')
    if (secret.length >= 32) return new Uint8Array(secret)
    throw new Error(`${file} holds fewer than 32 bytes; delete it to generate a new secret`)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(dataDir, { recursive: true })
  const secret = randomBytes(SECRET_BYTES)
  // 'wx' so two processes starting at once cannot overwrite each other's secret.
  await writeFile(file, secret.toString('base64url') + '\n', { mode: 0o600, flag: 'wx' }).catch(
    async (error) => {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return
      throw error
    },
  )
  await chmod(file, 0o600)
  return loadSecret(dataDir)
}

/** An API key as Supabase issues them: a long-lived HS256 JWT naming only a role. */
export function signApiKey(
  secret: Uint8Array,
  role: 'anon' | 'service_role',
  nowSeconds: number,
): Promise<string> {
  return new SignJWT({ iss: 'supabase', ref: 'innkeeper', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + API_KEY_TTL_SECONDS)
    .sign(secret)
}

/**
 * Keys are derived from the secret at a fixed issue time (the secret's epoch is irrelevant to
 * verification), so the anon key stays the same across restarts and a renderer that cached it keeps working.
 */
export async function loadKeys(dataDir: string): Promise<ServerKeys> {
  const secret = await loadSecret(dataDir)
  const issuedAt = 1_735_689_600 // 2025-01-01T00:00:00Z
  const [anonKey, serviceKey] = await Promise.all([
    signApiKey(secret, 'anon', issuedAt),
    signApiKey(secret, 'service_role', issuedAt),
  ])
  return { secret, anonKey, serviceKey }
}

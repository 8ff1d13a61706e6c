import { fetchBackend } from '../../lib/supabase'

/** The embedded backend's first-run path (src/server/auth/owner.ts). */
const OWNER_PATH = '/auth/v1/innkeeper/owner'

export interface NewOwner {
  fullName: string
  email: string
  password: string
}

/**
 * True only when the backend says this desk has no staff yet and offers the owner set-up: a hosted
 * project, web mode and the demo answer 404, and any other answer shows the usual login.
 */
export async function needsOwner(): Promise<boolean> {
  const response = await fetchBackend(OWNER_PATH)
  if (!response.ok) return false
  const body = (await response.json()) as { needs_owner?: unknown }
  return body.needs_owner === true
}

/** Creates the first staff member; the backend refuses it once anyone is staff. */
export async function createOwner({ fullName, email, password }: NewOwner): Promise<void> {
  const response = await fetchBackend(OWNER_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ full_name: fullName, email, password }),
  })
  if (response.ok) return
  const body = (await response.json().catch(() => ({}))) as { message?: unknown }
  throw new Error(typeof body.message === 'string' ? body.message : `The server answered ${response.status}`)
}

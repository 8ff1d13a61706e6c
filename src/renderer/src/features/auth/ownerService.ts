import { fetchBackend } from '../../lib/supabase'

/** The embedded backend's first-run path (src/server/auth/owner.ts). */
const OWNER_PATH = '/auth/v1/innkeeper/owner'

export interface NewOwner {
  businessName: string
  fullName: string
  email: string
  password: string
}

export interface DeskStatus {
  /** The backend offers the owner set-up and has no staff yet: the first run. */
  needsOwner: boolean
  /** The desktop app's demo folder: every screen says so. */
  demo: boolean
}

export const DESK_STATUS_QUERY_KEY = ['desk-status']

/**
 * What the desktop's backend says about its data folder. A hosted project and web mode answer 404:
 * then, as for any other answer, neither the first run nor the demo banner.
 */
export async function deskStatus(): Promise<DeskStatus> {
  const response = await fetchBackend(OWNER_PATH)
  if (!response.ok) return { needsOwner: false, demo: false }
  const body = (await response.json()) as { needs_owner?: unknown; demo?: unknown }
  return { needsOwner: body.needs_owner === true, demo: body.demo === true }
}

/** Creates the first staff member; the backend refuses it once anyone is staff. */
export async function createOwner({ businessName, fullName, email, password }: NewOwner): Promise<void> {
  const response = await fetchBackend(OWNER_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_name: businessName, full_name: fullName, email, password }),
  })
  if (response.ok) return
  const body = (await response.json().catch(() => ({}))) as { message?: unknown }
  throw new Error(typeof body.message === 'string' ? body.message : `The server answered ${response.status}`)
}

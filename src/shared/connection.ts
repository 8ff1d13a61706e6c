/**
 * The rules for a hosted Supabase project a desk may connect to. The settings form uses them to say
 * what is wrong before asking to confirm; main applies them again before it saves anything.
 */
export const HOSTED_PROJECT_MESSAGES = {
  urlMissing: 'Enter the project URL',
  urlInvalid: 'Enter a web address, like https://abcd.supabase.co',
  urlNotHttps: 'The project URL must start with https://',
  urlWithPath: 'Enter only the project URL, without a path',
  keyMissing: 'Enter the project’s anon key',
  keyWithSpaces: 'The anon key must not contain spaces',
  keyIsSecret: 'This is the secret service role key. Enter the public anon key instead',
} as const

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

/** Why the project URL cannot be used, or null when it can. */
export function projectUrlProblem(input: string | undefined): string | null {
  const value = input?.trim() ?? ''
  if (value === '') return HOSTED_PROJECT_MESSAGES.urlMissing
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return HOSTED_PROJECT_MESSAGES.urlInvalid
  }
  // Plain http only for a project on this computer (a developer's `supabase start`): tokens must never
  // cross a network unencrypted.
  const isLoopback = LOOPBACK_HOSTS.includes(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback))
    return HOSTED_PROJECT_MESSAGES.urlNotHttps
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return HOSTED_PROJECT_MESSAGES.urlWithPath
  return null
}

/** Why the anon key cannot be used, or null when it can. */
export function anonKeyProblem(input: string | undefined): string | null {
  const value = input?.trim() ?? ''
  if (value === '') return HOSTED_PROJECT_MESSAGES.keyMissing
  if (/\s/.test(value)) return HOSTED_PROJECT_MESSAGES.keyWithSpaces
  // The service role key bypasses every row level security rule; it must never sit on a desk.
  if (isServiceRoleKey(value)) return HOSTED_PROJECT_MESSAGES.keyIsSecret
  return null
}

/** Supabase's secret keys: the new `sb_secret_…` form, or a legacy JWT whose role is service_role. */
function isServiceRoleKey(key: string): boolean {
  if (key.startsWith('sb_secret_')) return true
  const payload = key.split('.')[1]
  if (!payload) return false
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))
    return typeof claims === 'object' && claims !== null && 'role' in claims && claims.role === 'service_role'
  } catch {
    return false
  }
}

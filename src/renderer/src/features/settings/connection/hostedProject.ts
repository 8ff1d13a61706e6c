import type { Connection } from '@shared/ipc'

export { anonKeyProblem, HOSTED_PROJECT_MESSAGES, projectUrlProblem } from '@shared/connection'

/** What staff type to connect to a hosted Supabase project. */
export interface HostedProjectValues {
  supabaseUrl: string
  supabaseAnonKey: string
}

export function hostedConnection({ supabaseUrl, supabaseAnonKey }: HostedProjectValues): Connection {
  return { mode: 'hosted', supabaseUrl: supabaseUrl.trim(), supabaseAnonKey: supabaseAnonKey.trim() }
}

/** The project as staff recognise it: abcd.supabase.co. */
export function hostOf(supabaseUrl: string): string {
  try {
    return new URL(supabaseUrl).host
  } catch {
    return supabaseUrl
  }
}

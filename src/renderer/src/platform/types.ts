import type { SupportedStorage } from '@supabase/supabase-js'

/** Where the renderer finds its backend: the embedded one or a hosted Supabase project. */
export interface BackendConfig {
  supabaseUrl: string
  supabaseAnonKey: string
}

/**
 * What differs between the desktop app and web mode, chosen once at start-up.
 * Everything else in the renderer is the same code in both.
 */
export interface Platform {
  readonly kind: 'web' | 'electron'
  loadBackendConfig(): Promise<BackendConfig>
  /** The auth storage supabase-js keeps its session in, for one backend. */
  sessionStorageFor(config: BackendConfig): SupportedStorage
  /** Lets the user choose an image file; null when they cancel. */
  pickImage(): Promise<File | null>
}

import { saveCsvDownload } from './csvDownload'
import type { BackendConfig, Platform } from './types'

/** Lets the user pick a file with a hidden file input (what the Electron dialog does natively). */
function pickWithFileInput(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = 'image/jpeg,image/png,image/webp,image/gif'
    input.style.display = 'none'
    input.addEventListener('change', () => {
      resolve(input.files?.[0] ?? null)
      input.remove()
    })
    input.addEventListener('cancel', () => {
      resolve(null)
      input.remove()
    })
    document.body.append(input)
    input.click()
  })
}

/**
 * The backend config the embedded backend writes into the page it serves
 * (src/server/http/pageConfig.ts): the app starts without waiting for a request for it.
 */
function configInPage(): BackendConfig | null {
  const read = (key: keyof BackendConfig) =>
    document.head.querySelector<HTMLMetaElement>(`meta[name="innkeeper:${key}"]`)?.content
  const supabaseUrl = read('supabaseUrl')
  const supabaseAnonKey = read('supabaseAnonKey')
  return supabaseUrl && supabaseAnonKey ? { supabaseUrl, supabaseAnonKey } : null
}

/**
 * Web mode: the page is served by the embedded backend, which tells it where it lives.
 * The session is kept per browser tab (sessionStorage): it survives a reload, not closing the tab,
 * so a shared front-desk browser does not stay signed in.
 */
export const webPlatform: Platform = {
  kind: 'web',
  async loadBackendConfig(): Promise<BackendConfig> {
    const config = configInPage()
    if (!config) throw new Error('The page came without its backend configuration')
    return config
  },
  sessionStorageFor: () => window.sessionStorage,
  pickImage: pickWithFileInput,
  // The browser's dialog, which also saves PDFs; it blocks until closed and says nothing of the outcome.
  printing: { print: async () => window.print() },
  saveCsv: saveCsvDownload,
}

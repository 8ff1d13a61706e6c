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
 * Web mode: the page is served by the embedded backend, which tells it where it lives.
 * The session is kept per browser tab (sessionStorage): it survives a reload, not closing the tab,
 * so a shared front-desk browser does not stay signed in.
 */
export const webPlatform: Platform = {
  kind: 'web',
  async loadBackendConfig(): Promise<BackendConfig> {
    const response = await fetch('./config.json', { cache: 'no-store' })
    if (!response.ok) throw new Error(`The backend configuration could not be loaded (${response.status})`)
    return (await response.json()) as BackendConfig
  },
  sessionStorageFor: () => window.sessionStorage,
  pickImage: pickWithFileInput,
}

import { afterEach, describe, expect, it, vi } from 'vitest'
import { webPlatform } from './web'

afterEach(() => {
  document.head.innerHTML = ''
  vi.unstubAllGlobals()
})

describe('web platform', () => {
  it('takes the backend config from the page, without a request', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    document.head.innerHTML =
      '<meta name="innkeeper:supabaseUrl" content="http://192.168.1.20:4173">' +
      '<meta name="innkeeper:supabaseAnonKey" content="anon-key">'
    expect(await webPlatform.loadBackendConfig()).toEqual({
      supabaseUrl: 'http://192.168.1.20:4173',
      supabaseAnonKey: 'anon-key',
    })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('refuses to start on a page without it', async () => {
    document.head.innerHTML = '<meta name="innkeeper:supabaseUrl" content="http://127.0.0.1:4173">'
    await expect(webPlatform.loadBackendConfig()).rejects.toThrow(
      'The page came without its backend configuration',
    )
  })

  it('has no backup folder to choose: web mode’s backend takes its folder where it is started', () => {
    expect(webPlatform.backupFolder).toBeUndefined()
  })

  it('prints with the browser’s own dialog, which saves PDFs itself', async () => {
    const print = vi.fn()
    vi.stubGlobal('print', print)
    await webPlatform.printing.print()
    expect(print).toHaveBeenCalledOnce()
    expect(webPlatform.printing.savePdf).toBeUndefined()
  })
})

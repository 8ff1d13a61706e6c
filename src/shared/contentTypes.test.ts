import { describe, expect, it } from 'vitest'
import { contentTypeFor } from './contentTypes'

describe('contentTypeFor', () => {
  it('names the type of the renderer files by their extension, whatever its case', () => {
    expect(contentTypeFor('/out/renderer/index.html')).toBe('text/html; charset=utf-8')
    expect(contentTypeFor('assets/index-D4Vx.JS')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeFor('C:\\app\\fonts\\poppins.woff2')).toBe('font/woff2')
  })

  it('falls back to bytes for unknown or missing extensions, even in dotted folders', () => {
    expect(contentTypeFor('out/renderer/archive.tar')).toBe('application/octet-stream')
    expect(contentTypeFor('out/v1.2/LICENSE')).toBe('application/octet-stream')
  })
})

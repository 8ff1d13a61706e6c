import { describe, expect, it } from 'vitest'
import { sniffImageType } from './sniff'

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  )

describe('sniffImageType', () => {
  it('recognises the four image types by their bytes', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg')
    expect(sniffImageType(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]))).toBe('image/png')
    expect(sniffImageType(bytes('GIF89a', [1, 0, 1, 0]))).toBe('image/gif')
    expect(sniffImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp')
  })

  it('rejects documents whatever they are named', () => {
    expect(
      sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeUndefined()
    expect(sniffImageType(bytes('<!doctype html><script>alert(1)</script>'))).toBeUndefined()
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeUndefined()
    expect(sniffImageType(bytes([0x89], 'PN'))).toBeUndefined()
    expect(sniffImageType(new Uint8Array())).toBeUndefined()
  })
})

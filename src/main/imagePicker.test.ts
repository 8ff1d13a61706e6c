import { describe, expect, it, vi } from 'vitest'
import { MAX_IMAGE_BYTES } from '../shared/ipc'
import { imageTypeOf, pickImage, type ImageFs, type OpenDialog } from './imagePicker'

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16])
const GIF = new TextEncoder().encode('GIF89a....')
const WEBP = new TextEncoder().encode('RIFF\x24\x00\x00\x00WEBPVP8 ')

function dialogChoosing(path: string | null): OpenDialog {
  return vi.fn(async () =>
    path === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [path] },
  )
}

function fsWith(
  files: Record<string, Uint8Array | { size: number }>,
): ImageFs & { readFile: ReturnType<typeof vi.fn> } {
  return {
    stat: async (path) => {
      const file = files[path]
      if (!file) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' })
      return { size: file instanceof Uint8Array ? file.byteLength : file.size, isFile: () => true }
    },
    readFile: vi.fn(async (path: string) => {
      const file = files[path]
      if (!(file instanceof Uint8Array)) throw new Error('not readable in this test')
      return file
    }),
  }
}

describe('pickImage', () => {
  it('opens the native dialog filtered to images', async () => {
    const dialog = dialogChoosing(null)
    await pickImage(dialog, fsWith({}))
    expect(dialog).toHaveBeenCalledWith({
      title: 'Choose an image',
      properties: ['openFile'],
      filters: [{ name: 'Images', extensions: ['jpg', 'jpeg', 'png', 'webp', 'gif'] }],
    })
  })

  it('returns null when the user cancels', async () => {
    expect(await pickImage(dialogChoosing(null), fsWith({}))).toBeNull()
  })

  it('refuses a file over 5 MB without reading it', async () => {
    const fs = fsWith({ '/photos/huge.jpg': { size: MAX_IMAGE_BYTES + 1 } })
    expect(await pickImage(dialogChoosing('/photos/huge.jpg'), fs)).toEqual({ error: 'too-large' })
    expect(fs.readFile).not.toHaveBeenCalled()
  })

  it('accepts a file of exactly 5 MB', async () => {
    const bytes = new Uint8Array(MAX_IMAGE_BYTES)
    bytes.set(JPEG)
    const picked = await pickImage(dialogChoosing('/photos/max.jpg'), fsWith({ '/photos/max.jpg': bytes }))
    expect(picked).toMatchObject({ name: 'max.jpg', type: 'image/jpeg' })
  })

  it('refuses a file that only looks like an image by its name', async () => {
    const fake = new TextEncoder().encode('#!/bin/sh\necho hello\n')
    expect(await pickImage(dialogChoosing('/tmp/cabin.png'), fsWith({ '/tmp/cabin.png': fake }))).toEqual({
      error: 'not-an-image',
    })
  })

  it('returns the name, the type from the bytes and the bytes', async () => {
    const picked = await pickImage(
      dialogChoosing('/photos/cabin-001.png'),
      fsWith({ '/photos/cabin-001.png': PNG }),
    )
    expect(picked).toEqual({ name: 'cabin-001.png', type: 'image/png', bytes: PNG })
  })

  it('reports a file that disappeared or cannot be read', async () => {
    expect(await pickImage(dialogChoosing('/gone.png'), fsWith({}))).toEqual({ error: 'unreadable' })
  })
})

describe('imageTypeOf', () => {
  it('recognises JPEG, PNG, GIF and WebP by their magic bytes', () => {
    expect(imageTypeOf(JPEG)).toBe('image/jpeg')
    expect(imageTypeOf(PNG)).toBe('image/png')
    expect(imageTypeOf(GIF)).toBe('image/gif')
    expect(imageTypeOf(WEBP)).toBe('image/webp')
  })

  it('refuses other RIFF files, truncated headers and empty files', () => {
    expect(imageTypeOf(new TextEncoder().encode('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull()
    expect(imageTypeOf(Uint8Array.from([0xff, 0xd8]))).toBeNull()
    expect(imageTypeOf(new Uint8Array())).toBeNull()
    expect(imageTypeOf(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
  })
})

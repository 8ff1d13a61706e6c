import { basename } from 'node:path'
import { MAX_IMAGE_BYTES, type ImagePickResult, type ImageType } from '../shared/ipc'

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif']

export interface OpenDialog {
  (options: {
    title: string
    properties: Array<'openFile'>
    filters: Array<{ name: string; extensions: string[] }>
  }): Promise<{ canceled: boolean; filePaths: string[] }>
}

export interface ImageFs {
  stat(path: string): Promise<{ size: number; isFile(): boolean }>
  readFile(path: string): Promise<Uint8Array>
}

/**
 * Lets the user choose an image with the native dialog and reads it in main, so the renderer
 * never gets file-system access. The extension filter is only a convenience: the bytes decide.
 */
export async function pickImage(
  showOpenDialog: OpenDialog,
  fs: ImageFs,
  maxBytes = MAX_IMAGE_BYTES,
): Promise<ImagePickResult> {
  const choice = await showOpenDialog({
    title: 'Choose an image',
    properties: ['openFile'],
    filters: [{ name: 'Images', extensions: IMAGE_EXTENSIONS }],
  })
  const path = choice.filePaths[0]
  if (choice.canceled || path === undefined) return null

  let bytes: Uint8Array
  try {
    const stat = await fs.stat(path)
    if (!stat.isFile()) return { error: 'unreadable' }
    if (stat.size > maxBytes) return { error: 'too-large' }
    bytes = await fs.readFile(path)
  } catch {
    return { error: 'unreadable' }
  }
  // The file may have grown between stat and read.
  if (bytes.byteLength > maxBytes) return { error: 'too-large' }

  const type = imageTypeOf(bytes)
  if (!type) return { error: 'not-an-image' }
  return { name: basename(path), type, bytes: new Uint8Array(bytes) }
}

/** The image type from the file's magic bytes, or null when it is not one we accept. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const startsWith = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte)

  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith([0x47, 0x49, 0x46, 0x38])) return 'image/gif'
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  return null
}

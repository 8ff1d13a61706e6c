import type busboy from 'busboy'
import { UPLOAD_HARD_LIMIT_BYTES } from '../config'
import type { ApiRequest } from '../http/types'
import { invalidRequest, tooLarge } from './errors'

export interface UploadedFile {
  bytes: Buffer
  /** The type the client declared, without parameters; '' when none. */
  declaredType: string
  cacheControl: string
}

/**
 * The file of an upload as storage-api reads it (contract 4.2): from multipart, the first file part
 * whatever its field name, typed by a `contentType` field or the part's own type, cached per the
 * `cacheControl` field; from any other body, the body itself, typed and cached by request headers.
 */
export async function readUploadedFile(req: ApiRequest): Promise<UploadedFile> {
  const contentType = req.headers['content-type'] ?? ''
  if (/^multipart\/form-data/i.test(contentType)) {
    // Loaded at the first upload, not at every start.
    const { default: parse } = await import('busboy')
    return readMultipart(parse, req.body, contentType)
  }
  if (req.body.length === 0) throw invalidRequest('No content provided')
  return {
    bytes: req.body,
    declaredType: mediaType(contentType || 'application/octet-stream'),
    cacheControl: safeCacheControl(req.headers['cache-control']),
  }
}

function readMultipart(parse: typeof busboy, body: Buffer, contentType: string): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = parse({
        headers: { 'content-type': contentType },
        limits: { files: 1, fileSize: UPLOAD_HARD_LIMIT_BYTES, fields: 20, fieldSize: 64 * 1024, parts: 30 },
      })
    } catch {
      reject(invalidRequest('Malformed multipart body'))
      return
    }
    const fields: Record<string, string> = {}
    let file: { chunks: Buffer[]; type: string; truncated: boolean } | undefined
    parser.on('field', (name, value) => {
      fields[name] = value
    })
    parser.on('file', (_name, stream, info) => {
      if (file) {
        stream.resume()
        return
      }
      const current = { chunks: [] as Buffer[], type: info.mimeType, truncated: false }
      file = current
      stream.on('data', (chunk: Buffer) => current.chunks.push(chunk))
      stream.on('limit', () => {
        current.truncated = true
      })
    })
    parser.on('error', () => reject(invalidRequest('Malformed multipart body')))
    parser.on('close', () => {
      if (!file) return reject(invalidRequest('No content provided'))
      if (file.truncated) return reject(tooLarge())
      const cacheTime = fields.cacheControl
      resolve({
        bytes: Buffer.concat(file.chunks),
        declaredType: mediaType(fields.contentType || file.type || 'application/octet-stream'),
        cacheControl: cacheTime && /^\d{1,10}$/.test(cacheTime) ? `max-age=${cacheTime}` : 'no-cache',
      })
    })
    parser.end(body)
  })
}

/** 'image/png; charset=binary' → 'image/png'. */
function mediaType(value: string): string {
  return value.split(';')[0].trim().toLowerCase()
}

/** Stored and later sent back as a response header, so only a plain directive list is kept. */
function safeCacheControl(value: string | undefined): string {
  return value && /^[\w=, -]{1,100}$/.test(value) ? value : 'no-cache'
}

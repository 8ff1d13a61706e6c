import type { IncomingMessage } from 'node:http'

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'aborted' }

/** Past the limit we keep reading (and dropping) this much so the client still gets our 413. */
const DISCARD_ALLOWANCE_BYTES = 64 * 1024 * 1024

/** What a request without a body reads as. */
const NO_BODY: BodyResult = { ok: true, body: Buffer.alloc(0) }

/**
 * Reads a request body, refusing more than `limit` bytes. A declared Content-Length above the limit
 * is refused without buffering anything. The rest of an oversized body is drained rather than cut,
 * because fetch clients that are still sending report a reset connection instead of our answer.
 * A request that declares no body (no Content-Length, no Transfer-Encoding: RFC 9112 §6.3), as every
 * GET of the app, has none: it is not waited for (Node discards the empty stream itself).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const length = req.headers['content-length']
  if ((length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined) {
    return Promise.resolve(NO_BODY)
  }
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length'])
    let tooLarge = Number.isFinite(declared) && declared > limit
    const chunks: Buffer[] = []
    let received = 0
    let settled = false
    const settle = (result: BodyResult) => {
      if (settled) return
      settled = true
      resolve(result)
    }
    req.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > limit) tooLarge = true
      if (!tooLarge) chunks.push(chunk)
      else if (received > limit + DISCARD_ALLOWANCE_BYTES) {
        settle({ ok: false, reason: 'too-large' })
        req.destroy()
      }
    })
    req.on('end', () =>
      settle(tooLarge ? { ok: false, reason: 'too-large' } : { ok: true, body: Buffer.concat(chunks) }),
    )
    req.on('error', () => settle({ ok: false, reason: 'aborted' }))
    req.on('close', () =>
      settle(tooLarge ? { ok: false, reason: 'too-large' } : { ok: false, reason: 'aborted' }),
    )
  })
}

import type { IncomingMessage } from 'node:http'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readBody } from './body'

/** A request whose body stream stays open until the test ends it. */
function request(headers: Record<string, string>): IncomingMessage & PassThrough {
  return Object.assign(new PassThrough(), { headers }) as unknown as IncomingMessage & PassThrough
}

const STILL_WAITING = 'still waiting'
const settledSoon = (read: Promise<unknown>) =>
  Promise.race([read, new Promise((resolve) => setTimeout(() => resolve(STILL_WAITING), 50))])

describe('readBody', () => {
  it('answers a request that declares no body at once, without waiting for its stream', async () => {
    const declaringNone: Record<string, string>[] = [{}, { 'content-length': '0' }]
    for (const headers of declaringNone) {
      const req = request(headers)
      expect(await settledSoon(readBody(req, 100))).toEqual({ ok: true, body: Buffer.alloc(0) })
      expect(req.listenerCount('data')).toBe(0)
    }
  })

  it('reads a declared body to its end', async () => {
    const declaring: Record<string, string>[] = [
      { 'content-length': '5' },
      { 'transfer-encoding': 'chunked' },
    ]
    for (const headers of declaring) {
      const req = request(headers)
      const read = readBody(req, 100)
      expect(await settledSoon(read)).toBe(STILL_WAITING)
      req.end('hello')
      expect(await read).toEqual({ ok: true, body: Buffer.from('hello') })
    }
  })

  it('refuses a declared body past the limit', async () => {
    const req = request({ 'content-length': '500' })
    const read = readBody(req, 100)
    req.end(Buffer.alloc(500))
    expect(await read).toEqual({ ok: false, reason: 'too-large' })
  })
})

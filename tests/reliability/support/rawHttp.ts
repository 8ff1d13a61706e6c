import { Agent, request, type IncomingHttpHeaders } from 'node:http'

export interface RawRequest {
  method: string
  /** Sent exactly as given: it may hold '..', '%2e' or broken percent escapes on purpose. */
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
}

export interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/**
 * HTTP without fetch's URL normalisation (fetch turns '/a/../b' into '/b' before sending), over
 * kept-alive sockets so thousands of requests do not each pay for a connection. `localAddress`
 * (e.g. 127.0.0.2: all of 127/8 is loopback on Linux) makes the server see another client address.
 */
export function rawClient(baseUrl: string, maxSockets = 16, localAddress?: string) {
  const agent = new Agent({ keepAlive: true, maxSockets })
  const { hostname, port } = new URL(baseUrl)

  function send(raw: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const body = raw.body === undefined ? undefined : Buffer.from(raw.body)
      const headers = { ...raw.headers, ...(body ? { 'Content-Length': String(body.length) } : {}) }
      const req = request(
        { agent, hostname, port, localAddress, method: raw.method, path: raw.path, headers },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          )
          res.on('error', reject)
        },
      )
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)))
      req.on('error', reject)
      req.end(body)
    })
  }

  return { send, close: () => agent.destroy() }
}

export type RawClient = ReturnType<typeof rawClient>

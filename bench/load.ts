import { Agent, request } from 'node:http'
import type { Socket } from 'node:net'
import type { RecordedRequest } from './appClient'
import { percentile } from './stats'

export interface LoadFigures {
  connections: number
  seconds: number
  requests: number
  requestsPerSecond: number
  /** Answers that were not 2xx, and requests that failed outright. */
  errors: number
  p50: number
  p99: number
  /** TCP connections actually opened: keep-alive holds this at `connections`. */
  socketsOpened: number
}

/**
 * `connections` clients, each sending its next request as soon as the previous answer has been read,
 * over keep-alive connections to 127.0.0.1, for `seconds`. The requests are replayed in turn exactly
 * as supabase-js sent them.
 */
export async function sustainedLoad(
  requests: readonly RecordedRequest[],
  { connections, seconds }: { connections: number; seconds: number },
): Promise<LoadFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const sockets = new Set<Socket>()
  const latencies: number[] = []
  let errors = 0
  let next = 0
  const started = performance.now()
  const deadline = started + seconds * 1000

  const client = async () => {
    while (performance.now() < deadline) {
      const recorded = requests[next++ % requests.length]
      const sent = performance.now()
      const ok = await send(agent, recorded, sockets)
      latencies.push(performance.now() - sent)
      if (!ok) errors++
    }
  }
  await Promise.all(Array.from({ length: connections }, client))
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    connections,
    seconds: elapsed,
    requests: latencies.length,
    requestsPerSecond: latencies.length / elapsed,
    errors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    socketsOpened: sockets.size,
  }
}

/** One request; resolves true for a 2xx answer read to its end, false for anything else. */
function send(agent: Agent, recorded: RecordedRequest, sockets: Set<Socket>): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      recorded.url,
      { method: recorded.method, headers: recorded.headers, agent },
      (res) => {
        res.on('data', () => {})
        res.on('end', () =>
          resolve(res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300),
        )
        res.on('error', () => resolve(false))
      },
    )
    req.on('socket', (socket) => sockets.add(socket))
    req.on('error', () => resolve(false))
    req.end()
  })
}

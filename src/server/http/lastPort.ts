import { readFile, writeFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

const LAST_PORT_FILE = 'last-port'

/**
 * Listens on `port`; port 0 ("any free port", the desktop's choice) first tries the port this data
 * folder was served on last time. Stored picture URLs name that port (storage/publicUrls.ts): on it,
 * they stay valid, and the start rewrites none of them (a rewrite is a change of every cabin, logged
 * and written to disk). When another program holds it, any free port does, and is remembered.
 */
export async function listenOnLastPort(
  server: Server,
  port: number,
  host: string,
  dataDir: string,
): Promise<number> {
  if (port !== 0) return listen(server, port, host)
  const file = join(dataDir, LAST_PORT_FILE)
  const last = Number((await readFile(file, 'utf8').catch(() => '')).trim())
  if (Number.isInteger(last) && last > 0 && last <= 65535) {
    const reused = await listen(server, last, host).catch(() => undefined)
    if (reused !== undefined) return reused
  }
  const chosen = await listen(server, 0, host)
  // Only a hint: lost, the next start rewrites the URLs once more.
  await writeFile(file, `${chosen}\n`).catch(() => {})
  return chosen
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error)
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

import { createServer, type Server } from 'node:http'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listenOnLastPort } from './lastPort'

describe('listenOnLastPort', () => {
  let dataDir: string
  const servers: Server[] = []
  const server = () => {
    const made = createServer()
    servers.push(made)
    return made
  }
  const close = (s: Server) => new Promise<void>((resolve) => s.close(() => resolve()))

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'innkeeper-last-port-'))
  })
  afterEach(async () => {
    await Promise.all(
      servers
        .splice(0)
        .filter((s) => s.listening)
        .map(close),
    )
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('comes back on the port the data folder had last time', async () => {
    const first = server()
    const port = await listenOnLastPort(first, 0, '127.0.0.1', dataDir)
    expect(readFileSync(join(dataDir, 'last-port'), 'utf8')).toBe(`${port}\n`)
    await close(first)
    expect(await listenOnLastPort(server(), 0, '127.0.0.1', dataDir)).toBe(port)
  })

  it('takes any free port, and remembers it, when another program holds the last one', async () => {
    const first = server()
    const port = await listenOnLastPort(first, 0, '127.0.0.1', dataDir)
    const other = await listenOnLastPort(server(), 0, '127.0.0.1', dataDir)
    expect(other).not.toBe(port)
    expect(readFileSync(join(dataDir, 'last-port'), 'utf8')).toBe(`${other}\n`)
  })

  it('listens on a port given, whatever the data folder had', async () => {
    const first = server()
    const port = await listenOnLastPort(first, 0, '127.0.0.1', dataDir)
    await close(first)
    const fixed = server()
    await new Promise<void>((resolve) => fixed.listen(0, '127.0.0.1', resolve))
    const free = (fixed.address() as { port: number }).port
    await close(fixed)
    expect(await listenOnLastPort(server(), free, '127.0.0.1', dataDir)).toBe(free)
    expect(readFileSync(join(dataDir, 'last-port'), 'utf8')).toBe(`${port}\n`)
  })
})

import { closeSync, fstatSync, openSync, read } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/*
 * Only node: imports here: the process entry loads this module before PGlite's and the server's, so
 * that the read and compile below run on other threads while the main thread loads those.
 */

/** Node's WebAssembly, which TypeScript's ES and Node libraries do not declare; a module is opaque here. */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<object> }

let compiled: Promise<object> | undefined

/**
 * PGlite's WebAssembly module (9 MB), compiled once per process; openPglite hands it to PGlite, which
 * would otherwise read and compile the same file itself, later and with the main thread waiting.
 * The file is the one PGlite's own code loads (beside its entry in dist/).
 */
export function pgliteWasmModule(): Promise<object> {
  if (!compiled) {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
    compiled = readWhole(join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes))
    // A failure is reported to whoever awaits it (openPglite); until then it is not an unhandled one.
    compiled.catch(() => {})
  }
  return compiled
}

/**
 * A file in as few reads as the system gives it in (one, for a file this size): fs/promises reads
 * in 512 kB steps, each waiting for the main thread, which is busy loading modules at that point.
 */
function readWhole(path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const fd = openSync(path, 'r')
    const bytes = Buffer.allocUnsafeSlow(fstatSync(fd).size)
    const readFrom = (offset: number) =>
      read(fd, bytes, offset, bytes.length - offset, offset, (error, count) => {
        if (!error && count > 0 && offset + count < bytes.length) return readFrom(offset + count)
        closeSync(fd)
        if (error) reject(error)
        else resolve(bytes.subarray(0, offset + count))
      })
    readFrom(0)
  })
}

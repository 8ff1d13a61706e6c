import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { promisify } from 'node:util'
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib'

/*
 * A PGlite cluster folder as a gzipped tarball (POSIX ustar, so `tar` reads it too), written and
 * unpacked by Node itself: PGlite's own loadDataDir writes a tarball through its WebAssembly file
 * layer one file at a time, about ten times slower. Only regular files and folders, as a cluster has.
 */

const gzip = promisify(gzipCallback)
const gunzip = promisify(gunzipCallback)

const BLOCK = 512
const FILE = '0'
const FOLDER = '5'

/** The folder's files and folders (paths relative to it), gzipped. */
export async function packCluster(dir: string): Promise<Buffer> {
  const blocks: Buffer[] = []
  const visit = (relative: string) => {
    for (const entry of readdirSync(join(dir, relative), { withFileTypes: true })) {
      const path = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) {
        blocks.push(header(`${path}/`, FOLDER, 0o700, 0))
        visit(path)
      } else if (entry.isFile()) {
        const bytes = readFileSync(join(dir, path))
        blocks.push(header(path, FILE, 0o600, bytes.length), bytes, Buffer.alloc(padding(bytes.length)))
      }
    }
  }
  visit('')
  blocks.push(Buffer.alloc(2 * BLOCK))
  return gzip(Buffer.concat(blocks))
}

/**
 * Writes a tarball's files and folders under dir (which must not hold them yet). Also reads PGlite's
 * own dumps (their names start with a slash). Names that would leave dir are refused.
 */
export async function unpackCluster(tarball: Uint8Array, dir: string): Promise<void> {
  const tar = isGzip(tarball) ? await gunzip(tarball) : Buffer.from(tarball)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  for (let at = 0; at + BLOCK <= tar.length;) {
    const block = tar.subarray(at, at + BLOCK)
    if (block.every((byte) => byte === 0)) break
    const path = safePath(entryName(block))
    const type = String.fromCharCode(block[156])
    const size = octal(block.subarray(124, 136))
    at += BLOCK
    if (type === FOLDER) mkdirSync(join(dir, path), { recursive: true, mode: 0o700 })
    else if (type === FILE || type === '\0') {
      mkdirSync(join(dir, posix.dirname(path)), { recursive: true, mode: 0o700 })
      writeFileSync(join(dir, path), tar.subarray(at, at + size), { mode: 0o600 })
    } else throw new Error(`The cluster tarball holds ${path}, which is neither a file nor a folder`)
    at += size + padding(size)
  }
}

function header(path: string, type: string, mode: number, size: number): Buffer {
  if (Buffer.byteLength(path) > 100) throw new Error(`Path too long for the cluster tarball: ${path}`)
  const block = Buffer.alloc(BLOCK)
  block.write(path, 0)
  block.write(octalField(mode, 8), 100)
  block.write(octalField(0, 8), 108)
  block.write(octalField(0, 8), 116)
  block.write(octalField(size, 12), 124)
  block.write(octalField(0, 12), 136)
  block.write(type, 156)
  block.write('ustar\u000000', 257)
  // The checksum is the sum of the header's bytes with its own field read as spaces.
  block.fill(' ', 148, 156)
  block.write(
    octalField(
      block.reduce((sum, byte) => sum + byte, 0),
      8,
    ),
    148,
  )
  return block
}

function entryName(block: Buffer): string {
  const name = text(block.subarray(0, 100))
  const prefix = block.subarray(257, 262).toString('latin1') === 'ustar' ? text(block.subarray(345, 500)) : ''
  return prefix ? `${prefix}/${name}` : name
}

/** The name inside dir, without a leading slash; never above dir. */
function safePath(name: string): string {
  const path = posix.normalize(name.replace(/^\/+/, ''))
  if (path === '..' || path.startsWith('../') || path === '.' || path === '')
    throw new Error(`The cluster tarball holds a name outside its folder: ${name}`)
  return path
}

const text = (field: Buffer) => field.toString('utf8', 0, field.includes(0) ? field.indexOf(0) : field.length)
const octal = (field: Buffer) => parseInt(text(field).trim() || '0', 8)
const octalField = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`
const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK
const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b

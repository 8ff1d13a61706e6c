import {
  closeSync,
  createReadStream,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeSync,
} from 'node:fs'
import { open } from 'node:fs/promises'
import { dirname, join, posix } from 'node:path'
import { pipeline } from 'node:stream'
import { promisify } from 'node:util'
import { createGunzip, gzip as gzipCallback } from 'node:zlib'

/*
 * A PGlite cluster folder as a gzipped tarball (POSIX ustar, so `tar` reads it too), written and
 * unpacked by Node itself: PGlite's own loadDataDir writes a tarball through its WebAssembly file
 * layer one file at a time, about ten times slower. Only regular files and folders, as a cluster has.
 */

const gzip = promisify(gzipCallback)

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
 * Writes a tarball's files and folders under dir (which must not hold them yet), streaming: a 5 MB
 * template is 40 MB unpacked, and held whole it left the process ~90 MB larger for good. Also reads
 * PGlite's own dumps (their names start with a slash). Names that would leave dir are refused.
 */
export async function unpackCluster(file: string, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const input = createReadStream(file)
  // Chunks of 128 kB, which malloc maps on their own and unmaps when they are freed: zlib's 16 kB
  // ones (2 500 for the template) it carved from its heap, and they left 8-13 MB scattered there for
  // good (bench/memory.ts, "malloc main"; 64 kB ones left more).
  const tar = (await startsWithGzip(file))
    ? pipeline(input, createGunzip({ chunkSize: 128 * 1024 }), () => {})
    : input
  let header = Buffer.alloc(0)
  let output: number | undefined
  let toWrite = 0
  let toSkip = 0
  try {
    for await (const chunk of tar as AsyncIterable<Buffer>) {
      for (let at = 0; at < chunk.length;) {
        if (toWrite > 0) {
          const length = Math.min(toWrite, chunk.length - at)
          writeSync(output!, chunk, at, length)
          at += length
          toWrite -= length
          if (toWrite === 0) output = closeFile(output)
        } else if (toSkip > 0) {
          const length = Math.min(toSkip, chunk.length - at)
          at += length
          toSkip -= length
        } else {
          const part = chunk.subarray(at, at + BLOCK - header.length)
          header = header.length === 0 ? Buffer.from(part) : Buffer.concat([header, part])
          at += part.length
          if (header.length < BLOCK) continue
          const entry = readHeader(header)
          header = Buffer.alloc(0)
          if (!entry) return
          const path = join(dir, entry.path)
          if (entry.type === FOLDER) {
            mkdirSync(path, { recursive: true, mode: 0o700 })
            continue
          }
          mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
          output = openSync(path, 'w', 0o600)
          toWrite = entry.size
          toSkip = padding(entry.size)
          if (toWrite === 0) output = closeFile(output)
        }
      }
    }
    if (toWrite > 0 || header.length > 0) throw new Error('The cluster tarball ends inside an entry')
  } finally {
    closeFile(output)
    input.destroy()
  }
}

/** The entry a header block describes, or undefined for the zero block that ends the tarball. */
function readHeader(block: Buffer): { path: string; type: string; size: number } | undefined {
  if (block.every((byte) => byte === 0)) return undefined
  const path = safePath(entryName(block))
  const type = String.fromCharCode(block[156])
  if (type !== FOLDER && type !== FILE && type !== '\0')
    throw new Error(`The cluster tarball holds ${path}, which is neither a file nor a folder`)
  return { path, type: type === FOLDER ? FOLDER : FILE, size: octal(block.subarray(124, 136)) }
}

function closeFile(fd: number | undefined): undefined {
  if (fd !== undefined) closeSync(fd)
  return undefined
}

async function startsWithGzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0)
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b
  } finally {
    await handle.close()
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

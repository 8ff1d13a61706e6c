import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { format } from 'node:util'

/**
 * Main's and the backend's logs, in <user data>/logs, for whoever looks after a desk's computer when
 * something went wrong (Help → Show logs). Each file is kept under maxBytes by rotation: main.log
 * becomes main.log.1, which becomes main.log.2..., and the oldest beyond `keep` files goes.
 * Written synchronously: what was logged just before a crash is on disk.
 */

export const LOG_FILE_MAX_BYTES = 1024 * 1024
export const LOG_FILES_KEPT = 3

export function logsDir(userData: string): string {
  return join(userData, 'logs')
}

export interface RotatingLog {
  write(chunk: string | Uint8Array): void
}

export function createRotatingLog(
  file: string,
  { maxBytes = LOG_FILE_MAX_BYTES, keep = LOG_FILES_KEPT }: { maxBytes?: number; keep?: number } = {},
): RotatingLog {
  let size: number | undefined
  const rotate = () => {
    rmSync(`${file}.${keep - 1}`, { force: true })
    for (let index = keep - 2; index >= 1; index--) renameIfThere(`${file}.${index}`, `${file}.${index + 1}`)
    if (keep > 1) renameIfThere(file, `${file}.1`)
    else rmSync(file, { force: true })
    size = 0
  }
  return {
    write(chunk) {
      try {
        if (size === undefined) {
          mkdirSync(join(file, '..'), { recursive: true })
          size = sizeOf(file)
        }
        const bytes = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength
        if (size > 0 && size + bytes > maxBytes) rotate()
        appendFileSync(file, chunk)
        size += bytes
      } catch {
        // A full or read-only disk must not take the app down with its log.
      }
    },
  }
}

/** Copies every console line of this process into `log`, timestamped, as well as to the terminal. */
export function teeConsole(target: Pick<Console, 'log' | 'info' | 'warn' | 'error'>, log: RotatingLog): void {
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    const original = target[level].bind(target)
    target[level] = (...args: unknown[]) => {
      log.write(`${new Date().toISOString()} ${level} ${format(...args)}\n`)
      original(...args)
    }
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}

function renameIfThere(from: string, to: string): void {
  try {
    renameSync(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

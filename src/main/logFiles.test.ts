import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRotatingLog, logsDir, teeConsole } from './logFiles'

let userData: string
beforeEach(() => {
  userData = mkdtempSync(join(tmpdir(), 'innkeeper-logs-'))
})
afterEach(() => rmSync(userData, { recursive: true, force: true }))

describe('createRotatingLog', () => {
  it('creates the logs folder and appends', () => {
    const file = join(logsDir(userData), 'main.log')
    const log = createRotatingLog(file)
    log.write('one\n')
    log.write(Buffer.from('two\n'))
    expect(readFileSync(file, 'utf8')).toBe('one\ntwo\n')
  })

  it('rotates at the size limit and keeps only the newest files', () => {
    const file = join(logsDir(userData), 'backend.log')
    const log = createRotatingLog(file, { maxBytes: 10, keep: 3 })
    for (const line of ['aaaaaa\n', 'bbbbbb\n', 'cccccc\n', 'dddddd\n', 'eeeeee\n']) log.write(line)
    expect(readdirSync(logsDir(userData)).sort()).toEqual(['backend.log', 'backend.log.1', 'backend.log.2'])
    expect(readFileSync(file, 'utf8')).toBe('eeeeee\n')
    expect(readFileSync(`${file}.1`, 'utf8')).toBe('dddddd\n')
    expect(readFileSync(`${file}.2`, 'utf8')).toBe('cccccc\n')
  })

  it('counts what an earlier run left in the file', () => {
    const file = join(logsDir(userData), 'main.log')
    createRotatingLog(file, { maxBytes: 10 }).write('12345678\n')
    createRotatingLog(file, { maxBytes: 10 }).write('next\n')
    expect(readFileSync(file, 'utf8')).toBe('next\n')
    expect(readFileSync(`${file}.1`, 'utf8')).toBe('12345678\n')
  })

  it('never throws when the log cannot be written', () => {
    // The logs folder's place is taken by a file: nothing can be created under it.
    writeFileSync(join(userData, 'a-file'), '')
    const log = createRotatingLog(join(userData, 'a-file', 'main.log'))
    expect(() => log.write('x\n')).not.toThrow()
  })
})

describe('teeConsole', () => {
  it('writes every console line to the log, timestamped, and still to the terminal', () => {
    const file = join(logsDir(userData), 'main.log')
    const terminal = { log: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }
    const target = { ...terminal }
    teeConsole(target, createRotatingLog(file))
    target.warn('Using the local backend: %s', 'bad config')
    target.error('The backend did not stop cleanly', new Error('boom'))
    expect(terminal.warn).toHaveBeenCalledWith('Using the local backend: %s', 'bad config')
    const lines = readFileSync(file, 'utf8').split('\n')
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z warn Using the local backend: bad config$/)
    expect(lines[1]).toMatch(/ error The backend did not stop cleanly Error: boom$/)
  })
})

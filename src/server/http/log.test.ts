import { describe, expect, it } from 'vitest'
import { createLogger, redactUrl } from './log'

describe('redactUrl', () => {
  it('keeps parameter names and drops their values', () => {
    expect(redactUrl('/rest/v1/bookings?select=*,cabins(name)&id=eq.3')).toBe('/rest/v1/bookings?select&id')
    expect(redactUrl('/auth/v1/token?grant_type=password')).toBe('/auth/v1/token?grant_type')
    expect(redactUrl('/health')).toBe('/health')
  })
})

describe('createLogger', () => {
  it('writes one JSON line per request without query values', () => {
    const lines: string[] = []
    const logger = createLogger(true, (line) => lines.push(line))
    logger.request({
      method: 'GET',
      url: '/realtime/v1/websocket?apikey=secret-key&vsn=2',
      status: 101,
      ms: 1.234,
    })
    expect(lines).toHaveLength(1)
    const entry = JSON.parse(lines[0])
    expect(entry).toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/realtime/v1/websocket?apikey&vsn',
      status: 101,
    })
    expect(lines[0]).not.toContain('secret-key')
  })

  it('leaves out requests but keeps errors and events when asked', () => {
    const lines: string[] = []
    const logger = createLogger(true, (line) => lines.push(line), false)
    logger.request({ method: 'GET', url: '/', status: 200, ms: 1 })
    logger.error('backup failed', new Error('disk full'))
    logger.info('demo data seeded')
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['backup failed', 'demo data seeded'])
  })

  it('writes nothing when disabled', () => {
    const lines: string[] = []
    createLogger(false, (line) => lines.push(line)).request({ method: 'GET', url: '/', status: 200, ms: 1 })
    expect(lines).toEqual([])
  })
})

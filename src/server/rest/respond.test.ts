import { describe, expect, it } from 'vitest'
import { RestError } from './errors'
import { contentRange, readStatus } from './respond'

describe('readStatus (contract 2.9)', () => {
  it.each([
    // offset, rows on the page, total (undefined: no count asked), status, Content-Range
    [0, 15, undefined, 200, '0-14/*'],
    [0, 0, undefined, 200, '*/*'],
    [0, 0, 0, 200, '*/0'],
    [0, 15, 15, 200, '0-14/15'],
    [0, 7, 8, 206, '0-6/8'],
    [15, 0, 15, 206, '*/15'],
    [100, 0, undefined, 200, '*/*'],
    [10, 10, 30, 206, '10-19/30'],
  ])('offset %i, %i rows, total %s → %i %s', (offset, rows, total, status, range) => {
    expect(readStatus(offset, rows, total)).toEqual({ status, range })
  })

  it('refuses an offset past the total with 416 PGRST103 and */total', () => {
    try {
      readStatus(100, 0, 15)
      expect.unreachable()
    } catch (error) {
      const e = error as RestError
      expect(e.status).toBe(416)
      expect(e.body).toEqual({
        code: 'PGRST103',
        message: 'Requested range not satisfiable',
        details: 'An offset of 100 was requested, but there are only 15 rows.',
        hint: null,
      })
      expect(e.headers).toEqual({ 'Content-Range': '*/15' })
    }
  })
})

describe('contentRange of writes', () => {
  it('reports inserts and deletes as */total, updates as their range', () => {
    expect(contentRange(1, 0, undefined)).toBe('*/*')
    expect(contentRange(1, 0, 3)).toBe('*/3')
    expect(contentRange(0, 0, undefined)).toBe('0-0/*')
    expect(contentRange(0, -1, undefined)).toBe('*/*')
  })
})

it('RestError carries status, body and headers', () => {
  const error = new RestError(400, { code: 'X', message: 'm', details: null, hint: null })
  expect(error.message).toBe('m')
})

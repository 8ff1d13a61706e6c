import { describe, expect, it } from 'vitest'
import { RestError } from '../errors'
import { negotiateMedia, parsePrefer, parseRangeHeader } from './headers'

describe('parsePrefer', () => {
  it('accepts comma and comma-space separators, several headers and an empty header', () => {
    expect(parsePrefer('resolution=merge-duplicates, return=representation')).toMatchObject({
      resolution: 'merge-duplicates',
      return: 'representation',
    })
    expect(parsePrefer('return=representation,count=exact')).toMatchObject({
      return: 'representation',
      count: 'exact',
    })
    expect(parsePrefer('')).toEqual({ invalid: [] })
    expect(parsePrefer(undefined)).toEqual({ invalid: [] })
  })

  it('lets the first occurrence win and collects unknown preferences', () => {
    const prefs = parsePrefer('return=minimal, return=representation, foo=bar, count=sometimes, tx=rollback')
    expect(prefs.return).toBe('minimal')
    expect(prefs.count).toBeUndefined()
    expect(prefs.invalid).toEqual(['foo=bar', 'count=sometimes'])
  })
})

describe('negotiateMedia', () => {
  it('answers JSON for no Accept, */*, application/json', () => {
    for (const accept of [undefined, '', '*/*', 'application/json', 'application/json, text/plain, */*']) {
      expect(negotiateMedia(accept)).toMatchObject({
        kind: 'array',
        contentType: 'application/json; charset=utf-8',
      })
    }
  })

  it('answers the singular object for .single()', () => {
    expect(negotiateMedia('application/vnd.pgrst.object+json')).toEqual({
      kind: 'object',
      stripNulls: false,
      contentType: 'application/vnd.pgrst.object+json; charset=utf-8',
    })
    expect(negotiateMedia('application/vnd.pgrst.object+json;nulls=stripped')).toMatchObject({
      kind: 'object',
      stripNulls: true,
    })
    expect(negotiateMedia('application/vnd.pgrst.array+json;nulls=stripped')).toMatchObject({
      kind: 'array',
      stripNulls: true,
    })
  })

  it('honours q values and skips what it cannot produce', () => {
    expect(negotiateMedia('text/csv;q=1, application/vnd.pgrst.object+json;q=0.5').kind).toBe('object')
  })

  it('refuses unsupported media types with 406 PGRST107', () => {
    try {
      negotiateMedia('text/csv')
      expect.unreachable()
    } catch (error) {
      expect((error as RestError).status).toBe(406)
      expect((error as RestError).body).toMatchObject({
        code: 'PGRST107',
        message: 'None of these media types are available: text/csv',
      })
    }
  })
})

describe('parseRangeHeader', () => {
  it('reads from-to and open ranges', () => {
    expect(parseRangeHeader('0-9')).toEqual({ offset: 0, limit: 10 })
    expect(parseRangeHeader('5-')).toEqual({ offset: 5 })
    expect(parseRangeHeader('nonsense')).toBeUndefined()
  })

  it('refuses lower > upper with 416', () => {
    expect(() => parseRangeHeader('9-1')).toThrow(RestError)
  })
})

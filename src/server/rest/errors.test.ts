import { describe, expect, it } from 'vitest'
import { errorResponse, fromDbError, isDbError, jwtError, pgErrorStatus, singularityError } from './errors'

describe('pgErrorStatus (contract 2.14)', () => {
  it.each([
    ['23505', 409],
    ['23503', 409],
    ['23502', 400],
    ['23514', 400],
    ['22P02', 400],
    ['22007', 400],
    ['42703', 400],
    ['P0001', 400],
    ['42883', 404],
    ['42P01', 404],
    ['25006', 405],
    ['25001', 500],
    ['42P17', 500],
    ['P0002', 500],
    ['XX000', 500],
    ['08006', 503],
    ['53300', 503],
    ['53400', 500],
    ['57P01', 503],
    ['57014', 500],
    ['28000', 403],
    ['0P000', 403],
    ['PT418', 418],
    ['PTabc', 500],
    ['99999', 400],
  ])('%s → %i', (code, status) => {
    expect(pgErrorStatus(code, 'x', false)).toBe(status)
  })

  it('answers 42501 with 401 for anon and 403 for everyone else', () => {
    expect(pgErrorStatus('42501', 'x', true)).toBe(401)
    expect(pgErrorStatus('42501', 'x', false)).toBe(403)
  })

  it('treats 21000 as the client’s only for safeupdate', () => {
    expect(pgErrorStatus('21000', 'DELETE requires a WHERE clause', false)).toBe(400)
    expect(
      pgErrorStatus('21000', 'more than one row returned by a subquery used as an expression', false),
    ).toBe(500)
  })

  it('treats 22023 about an unknown role as 401', () => {
    expect(pgErrorStatus('22023', 'role "x" does not exist', false)).toBe(401)
    expect(pgErrorStatus('22023', 'bad value', false)).toBe(400)
  })
})

describe('fromDbError', () => {
  it('keeps SQLSTATE, message, detail and hint verbatim with all four keys', () => {
    const error = fromDbError(
      {
        code: '23503',
        message: 'update or delete violates',
        detail: 'Key is still referenced from table "bookings".',
        severity: 'ERROR',
      },
      false,
    )
    expect(error.status).toBe(409)
    expect(error.body).toEqual({
      code: '23503',
      message: 'update or delete violates',
      details: 'Key is still referenced from table "bookings".',
      hint: null,
    })
  })

  it('adds WWW-Authenticate to 401 answers', () => {
    expect(
      fromDbError({ code: '42501', message: 'new row violates row-level security policy' }, true).headers,
    ).toEqual({
      'WWW-Authenticate': 'Bearer',
    })
  })

  it('lets RAISE SQLSTATE PGRST choose the whole answer', () => {
    const error = fromDbError(
      {
        code: 'PGRST',
        message: '{"code":"123","message":"Payment required"}',
        detail: '{"status":402,"headers":{"X-Powered-By":"Nerd"}}',
      },
      false,
    )
    expect(error.status).toBe(402)
    expect(error.body).toEqual({ code: '123', message: 'Payment required', details: null, hint: null })
    expect(error.headers).toEqual({ 'X-Powered-By': 'Nerd' })
    expect(fromDbError({ code: 'PGRST', message: 'not json' }, false).body.code).toBe('PGRST121')
  })
})

describe('isDbError', () => {
  it('recognises driver errors but not Node system errors', () => {
    expect(isDbError({ code: '23505', message: 'x', severity: 'ERROR' })).toBe(true)
    expect(isDbError({ code: 'EPIPE', message: 'x' })).toBe(false)
    expect(isDbError(new Error('x'))).toBe(false)
  })
})

describe('errorResponse', () => {
  it('answers JSON with Proxy-Status', () => {
    const response = errorResponse(singularityError(0))
    expect(response.status).toBe(406)
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'Proxy-Status': 'PostgREST; error=PGRST116',
    })
    expect(JSON.parse(String(response.body))).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    })
  })

  it('words JWT errors as PostgREST v13+', () => {
    const expired = errorResponse(jwtError('expired', '"exp" claim timestamp check failed'))
    expect(expired.status).toBe(401)
    expect(expired.headers?.['WWW-Authenticate']).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    )
    expect(JSON.parse(String(expired.body))).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
    expect(
      JSON.parse(String(errorResponse(jwtError('invalid', 'signature verification failed')).body)),
    ).toMatchObject({
      code: 'PGRST301',
      message: 'signature verification failed',
    })
  })
})

import { describe, expect, it } from 'vitest'
import { buildCsp } from './csp'

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(' ')

describe('buildCsp', () => {
  it('lets the page run only its own scripts and talk only to the local backend', () => {
    const csp = buildCsp({ backendUrl: 'http://127.0.0.1:41234' })
    expect(directive(csp, 'default-src')).toEqual(["'self'"])
    expect(directive(csp, 'script-src')).toEqual(["'self'"])
    expect(directive(csp, 'style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:41234',
      'ws://127.0.0.1:41234',
    ])
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:41234'])
    expect(directive(csp, 'font-src')).toEqual(["'self'", 'data:'])
    expect(directive(csp, 'object-src')).toEqual(["'none'"])
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"])
  })

  it('allows the hosted project over https and wss when connected to one', () => {
    const csp = buildCsp({ backendUrl: 'https://abcd.supabase.co' })
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://abcd.supabase.co',
      'wss://abcd.supabase.co',
    ])
    expect(directive(csp, 'img-src')).toContain('https://abcd.supabase.co')
    expect(csp).not.toContain('127.0.0.1')
  })

  it('loosens scripts only for the dev server (React refresh preamble, HMR socket)', () => {
    const csp = buildCsp({ backendUrl: 'http://127.0.0.1:41234', devServerUrl: 'http://localhost:5173/' })
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(directive(csp, 'connect-src')).toEqual(
      expect.arrayContaining(['http://localhost:5173', 'ws://localhost:5173']),
    )
  })

  it('still forbids everything remote before a backend is known', () => {
    expect(directive(buildCsp({}), 'connect-src')).toEqual(["'self'"])
  })
})

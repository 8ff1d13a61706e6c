import { describe, expect, it } from 'vitest'
import {
  anonKeyProblem,
  HOSTED_PROJECT_MESSAGES as MESSAGES,
  hostedConnection,
  hostOf,
  projectUrlProblem,
} from './hostedProject'

/** A JWT-shaped key whose payload names a role, as Supabase's legacy keys do. */
const jwtWithRole = (role: string) =>
  ['eyJhbGciOiJIUzI1NiJ9', btoa(JSON.stringify({ role })).replace(/=+$/, ''), 'signature'].join('.')

describe('projectUrlProblem', () => {
  it('accepts an https project URL, with or without a trailing slash', () => {
    expect(projectUrlProblem('https://abcd.supabase.co')).toBeNull()
    expect(projectUrlProblem('  https://abcd.supabase.co/  ')).toBeNull()
  })

  it('accepts plain http only for a project on this computer', () => {
    expect(projectUrlProblem('http://localhost:54321')).toBeNull()
    expect(projectUrlProblem('http://127.0.0.1:54321')).toBeNull()
    expect(projectUrlProblem('http://[::1]:54321')).toBeNull()
    expect(projectUrlProblem('http://abcd.supabase.co')).toBe(MESSAGES.urlNotHttps)
    expect(projectUrlProblem('ftp://abcd.supabase.co')).toBe(MESSAGES.urlNotHttps)
  })

  it('says what is missing or wrong', () => {
    expect(projectUrlProblem(undefined)).toBe(MESSAGES.urlMissing)
    expect(projectUrlProblem('   ')).toBe(MESSAGES.urlMissing)
    expect(projectUrlProblem('abcd.supabase.co')).toBe(MESSAGES.urlInvalid)
    expect(projectUrlProblem('https://abcd.supabase.co/rest/v1')).toBe(MESSAGES.urlWithPath)
    expect(projectUrlProblem('https://abcd.supabase.co/?x=1')).toBe(MESSAGES.urlWithPath)
    expect(projectUrlProblem('https://user:secret@abcd.supabase.co')).toBe(MESSAGES.urlWithPath)
  })
})

describe('anonKeyProblem', () => {
  it('accepts an anon key, legacy or new', () => {
    expect(anonKeyProblem(jwtWithRole('anon'))).toBeNull()
    expect(anonKeyProblem(' sb_publishable_abc123 ')).toBeNull()
  })

  it('requires a key without spaces', () => {
    expect(anonKeyProblem(undefined)).toBe(MESSAGES.keyMissing)
    expect(anonKeyProblem('  ')).toBe(MESSAGES.keyMissing)
    expect(anonKeyProblem('abc def')).toBe(MESSAGES.keyWithSpaces)
  })

  it('refuses the secret service role key', () => {
    expect(anonKeyProblem(jwtWithRole('service_role'))).toBe(MESSAGES.keyIsSecret)
    expect(anonKeyProblem('sb_secret_abc123')).toBe(MESSAGES.keyIsSecret)
  })
})

describe('hostedConnection', () => {
  it('trims what was typed', () => {
    expect(
      hostedConnection({ supabaseUrl: ' https://abcd.supabase.co ', supabaseAnonKey: ' key\n' }),
    ).toEqual({
      mode: 'hosted',
      supabaseUrl: 'https://abcd.supabase.co',
      supabaseAnonKey: 'key',
    })
  })
})

describe('hostOf', () => {
  it('names the project by its host', () => {
    expect(hostOf('https://abcd.supabase.co')).toBe('abcd.supabase.co')
    expect(hostOf('http://127.0.0.1:54321')).toBe('127.0.0.1:54321')
  })
})

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The REST service's layers depend one way, as PostgREST's Plan and Query modules do: parse → plan →
 * sql. plan/ builds trees (tables, columns, relationships, conditions, ranges) and imports nothing
 * from sql/; sql/ writes every fragment and parameter from those trees and may import their types only.
 */
const here = import.meta.dirname

/** Every import of the non-test files of `folder`, with whether it imports types only. */
function importsOf(folder: string): { file: string; from: string; typeOnly: boolean }[] {
  return readdirSync(join(here, folder))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .flatMap((name) =>
      [
        ...readFileSync(join(here, folder, name), 'utf8').matchAll(
          /^(?:import|export)\s+(type\s+)?[^;]*?\bfrom '([^']+)'/gms,
        ),
      ].map((match) => ({ file: `${folder}/${name}`, from: match[2], typeOnly: match[1] !== undefined })),
    )
}

describe('REST layers', () => {
  it('finds the imports it judges', () => {
    // Guards the guard: a pattern that matched nothing would let every rule below pass.
    expect(importsOf('plan')).toContainEqual({ file: 'plan/read.ts', from: './types', typeOnly: true })
    expect(importsOf('sql')).toContainEqual({ file: 'sql/read.ts', from: '../plan/types', typeOnly: true })
    expect(importsOf('sql')).toContainEqual({ file: 'sql/read.ts', from: './filter', typeOnly: false })
  })

  it('plan/ imports nothing from sql/ nor from the handlers; sql/ takes only types from plan/', () => {
    const backwards = [
      ...importsOf('plan').filter(({ from }) => /^\.\.\/(sql\/|(table|rpc|handler|context)$)/.test(from)),
      ...importsOf('sql').filter(({ from, typeOnly }) => from.startsWith('../plan') && !typeOnly),
    ]
    expect(backwards).toEqual([])
  })

  it('plan/ writes no SQL of its own', () => {
    const sqlText = /\b(SELECT|FROM|WHERE|EXISTS|IS NOT|IS DISTINCT|CAST)\b|quoteIdent/
    const offenders = readdirSync(join(here, 'plan'))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .flatMap((name) =>
        readFileSync(join(here, 'plan', name), 'utf8')
          .split('\n')
          .filter((line) => !/^\s*(\*|\/\/|\/\*\*)/.test(line) && sqlText.test(line))
          .map((line) => `${name}: ${line.trim()}`),
      )
    expect(offenders).toEqual([])
  })
})

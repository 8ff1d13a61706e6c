import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The REST service's layers depend one way: parse → plan → sql. The plan chooses tables, embeds,
 * conditions and ranges and has sql/ write every fragment; sql/ never reaches back into plan/ (nor
 * plan/ into the handlers).
 */
const here = import.meta.dirname

function importsOf(folder: string): { file: string; from: string }[] {
  return readdirSync(join(here, folder))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .flatMap((name) =>
      [...readFileSync(join(here, folder, name), 'utf8').matchAll(/from '([^']+)'/g)].map((match) => ({
        file: `${folder}/${name}`,
        from: match[1],
      })),
    )
}

describe('REST layers', () => {
  it('sql/ imports nothing from plan/, plan/ nothing from the handlers', () => {
    const backwards = [
      ...importsOf('sql').filter(({ from }) => from.startsWith('../plan')),
      ...importsOf('plan').filter(({ from }) => /^\.\.\/(table|rpc|handler|context)$/.test(from)),
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

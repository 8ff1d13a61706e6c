import { parseError } from '../errors'
import { MAX_JSON_PATH_STEPS } from '../limits'
import type { FieldRef, JsonStep } from './types'

/** Where and why a parse stopped; turned into PGRST100 by `runParser`. */
export class ParseFailure {
  constructor(
    readonly pos: number,
    readonly details: string,
  ) {}
}

const IDENT_CHAR = /[\p{L}0-9_ $]/u

/**
 * A position in one query-string value with the few primitives PostgREST's grammar needs.
 * Failures carry the position so messages can say `(line 1, column N)` like Parsec does.
 */
export class Cursor {
  pos = 0

  constructor(readonly text: string) {}

  get eof(): boolean {
    return this.pos >= this.text.length
  }

  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? ''
  }

  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos)
  }

  /** Consumes `s` if it comes next. */
  eat(s: string): boolean {
    if (!this.startsWith(s)) return false
    this.pos += s.length
    return true
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++
  }

  expect(s: string, ...alternatives: string[]): void {
    if (!this.eat(s)) this.unexpected([`"${s}"`, ...alternatives])
  }

  fail(details: string, pos = this.pos): never {
    throw new ParseFailure(pos, details)
  }

  unexpected(expecting: string[], pos = this.pos): never {
    const found = pos >= this.text.length ? 'end of input' : JSON.stringify(this.text[pos])
    this.fail(`unexpected ${found}${expecting.length ? ' expecting ' + orList(expecting) : ''}`, pos)
  }

  rest(): string {
    const value = this.text.slice(this.pos)
    this.pos = this.text.length
    return value
  }

  /**
   * A column, relation or alias name: `"quoted, anything"` or letters, digits, `_`, `$`, spaces and
   * dashes not followed by `>` (so `data->key` splits). Surrounding spaces are trimmed.
   */
  fieldName(): string {
    this.skipSpaces()
    if (this.peek() === '"') {
      const start = this.pos
      const value = this.quoted()
      // Postgres has no empty identifier (`""` is a syntax error), so neither may a name here.
      if (value === '') this.unexpected(['field name (* or [a..z0..9_$])'], start)
      this.skipSpaces()
      return value
    }
    const start = this.pos
    while (!this.eof) {
      const c = this.peek()
      if (IDENT_CHAR.test(c) || (c === '-' && this.peek(1) !== '>')) this.pos++
      else break
    }
    const name = this.text.slice(start, this.pos).trim()
    if (name === '') this.unexpected(['field name (* or [a..z0..9_$])'], start)
    return name
  }

  /** `"…"` with backslash escapes; the cursor is on the opening quote. */
  quoted(): string {
    const start = this.pos
    this.pos++
    let value = ''
    while (!this.eof) {
      const c = this.peek()
      if (c === '"') {
        this.pos++
        return value
      }
      if (c === '\\' && this.pos + 1 < this.text.length) {
        value += this.peek(1)
        this.pos += 2
      } else {
        value += c
        this.pos++
      }
    }
    this.unexpected(['"\\""'], start === this.pos ? start : this.pos)
  }

  /** `->key`, `->>key`, `->0`, `->>-1`, up to MAX_JSON_PATH_STEPS times. */
  jsonPath(): JsonStep[] {
    const steps: JsonStep[] = []
    while (this.startsWith('->')) {
      // Postgres nests one expression per arrow; PGlite's stack gives out at a few hundred.
      if (steps.length === MAX_JSON_PATH_STEPS) {
        this.fail(`JSON paths may have at most ${MAX_JSON_PATH_STEPS} steps`)
      }
      const arrow = this.startsWith('->>') ? '->>' : '->'
      this.pos += arrow.length
      const index = /^-?[0-9]+(?=->|::|\.|,|\)|$)/.exec(this.text.slice(this.pos))
      if (index) {
        steps.push({ arrow, key: index[0], index: true })
        this.pos += index[0].length
      } else {
        steps.push({ arrow, key: this.fieldName(), index: false })
      }
    }
    return steps
  }

  fieldRef(): FieldRef {
    const name = this.fieldName()
    return { name, jsonPath: this.jsonPath() }
  }
}

export function orList(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return items.slice(0, -1).join(', ') + ' or ' + items[items.length - 1]
}

/** Runs a parser over a whole value and turns its failure into PGRST100 naming `what`. */
export function runParser<T>(what: string, input: string, parse: (cursor: Cursor) => T): T {
  const cursor = new Cursor(input)
  try {
    return parse(cursor)
  } catch (error) {
    if (error instanceof ParseFailure) throw parseError(what, input, error.pos + 1, error.details)
    throw error
  }
}

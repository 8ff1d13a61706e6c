import { Mutex, parse, protocol, TransactionAbortedError, type PGlite } from '@electric-sql/pglite'
import type { Queryable, QueryResult } from './types'

const { serialize } = protocol

/** Statement texts kept prepared at once; past it the least recently used is closed. */
export const PREPARED_STATEMENTS_MAX = 200

/** PostgreSQL's answer when a prepared statement's result columns changed under it (DDL). */
const RESULT_TYPE_CHANGED = '0A000'

interface PreparedStatement {
  name: string
  paramTypes: number[]
}

/**
 * The one database session of a PGlite instance, spoken to in the wire protocol.
 *
 * PGlite's own query() calls into the database six times per statement and plans every statement
 * again. Here each statement text is prepared once under a name and then run with a single call
 * (bind, describe, execute, sync); values always travel as bind parameters. Transactions are this
 * session's own, behind one lock, so that a statement outside a transaction can never run inside
 * another request's transaction on the shared session. A transaction's BEGIN travels with its first
 * statement, in the same call.
 */
export class PgliteSession {
  readonly #pg: PGlite
  readonly #transactionLock = new Mutex()
  /** In order of last use: Map keeps insertion order and every use re-inserts. */
  readonly #prepared = new Map<string, PreparedStatement>()
  /** Close messages for statements dropped from #prepared, sent with the next prepare. */
  #pendingCloses: Uint8Array[] = []
  #nextName = 1
  /** The running transaction has sent nothing yet: its BEGIN goes with its first statement. */
  #beginPending = false
  readonly #inTransaction: Queryable = {
    query: (sql, params) => this.#run(sql, params, false),
    exec: (sql) => this.#simple(sql, false).then(() => undefined),
  }

  constructor(pg: PGlite) {
    this.#pg = pg
  }

  /** How many statement texts are prepared now (for tests). */
  get preparedCount(): number {
    return this.#prepared.size
  }

  query<Row>(sql: string, params?: unknown[]): Promise<QueryResult<Row>> {
    return this.#transactionLock.runExclusive(() => this.#run<Row>(sql, params, true))
  }

  exec(sql: string): Promise<void> {
    return this.#transactionLock.runExclusive(() => this.#simple(sql, true).then(() => undefined))
  }

  /**
   * Commits when fn resolves, rolls back when it throws (as PGlite's transaction() does). Each call
   * into PostgreSQL runs its generic path (read the message, start and finish the command): BEGIN is
   * sent with the first statement instead of on its own, and a transaction that ran nothing sends
   * neither BEGIN nor COMMIT.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.#transactionLock.runExclusive(async () => {
      this.#beginPending = true
      let result: T
      try {
        result = await fn(this.#inTransaction)
      } catch (error) {
        if (!this.#takeBegin()) await this.#simple('ROLLBACK', true)
        throw error
      }
      if (this.#takeBegin()) return result
      // An error caught inside fn leaves the transaction aborted: COMMIT then answers ROLLBACK.
      const [commit] = await this.#simple('COMMIT', true)
      if (commit.command === 'ROLLBACK') throw new TransactionAbortedError()
      return result
    })
  }

  /** Whether the running transaction's BEGIN is still to be sent; from now on it counts as sent. */
  #takeBegin(): boolean {
    const pending = this.#beginPending
    this.#beginPending = false
    return pending
  }

  /** BEGIN's message when it must go before the next statement (see transaction). */
  #pendingBegin(): Uint8Array[] {
    return this.#takeBegin() ? [serialize.query('BEGIN')] : []
  }

  async #run<Row>(sql: string, params: unknown[] = [], syncFiles: boolean): Promise<QueryResult<Row>> {
    return this.#pg.runExclusive(async () => {
      const statement = this.#prepared.get(sql) ?? (await this.#prepare(sql))
      this.#prepared.delete(sql)
      this.#prepared.set(sql, statement)
      const begin = this.#pendingBegin()
      let messages
      try {
        messages = await this.#send(
          [
            ...begin,
            serialize.bind({ statement: statement.name, values: this.#serializeParams(params, statement) }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ],
          syncFiles,
        )
      } catch (error) {
        // After a schema change the statement is prepared again on its next use.
        if ((error as { code?: string }).code === RESULT_TYPE_CHANGED) this.#forget(sql)
        throw error
      }
      // BEGIN's own result comes first when it was sent along.
      const result = parse.parseResults(messages, this.#pg.parsers).slice(begin.length)[0]
      return { rows: (result?.rows ?? []) as Row[], affectedRows: result?.affectedRows ?? 0 }
    })
  }

  async #prepare(sql: string): Promise<PreparedStatement> {
    const name = `innkeeper_${this.#nextName++}`
    const closes = this.#pendingCloses
    this.#pendingCloses = []
    const messages = await this.#send(
      [
        ...closes,
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ],
      false,
    )
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) }
    this.#prepared.set(sql, statement)
    if (this.#prepared.size > PREPARED_STATEMENTS_MAX) {
      this.#forget(this.#prepared.keys().next().value as string)
    }
    return statement
  }

  #forget(sql: string): void {
    const statement = this.#prepared.get(sql)
    if (!statement) return
    this.#prepared.delete(sql)
    this.#pendingCloses.push(serialize.close({ type: 'S', name: statement.name }))
  }

  /** Values as text, the way PGlite's query() turns them into parameters of the described types. */
  #serializeParams(params: unknown[], statement: PreparedStatement): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null
      const serializer = this.#pg.serializers[statement.paramTypes[i]]
      return serializer ? serializer(param) : String(param)
    })
  }

  /** Scripts of several statements, and COMMIT/ROLLBACK: the simple protocol, no parameters. */
  #simple(sql: string, syncFiles: boolean) {
    return this.#pg.runExclusive(async () => {
      const messages = await this.#send([...this.#pendingBegin(), serialize.query(sql)], syncFiles)
      return parse.parseResults(messages, this.#pg.parsers)
    })
  }

  /** One call into PGlite; throws the statement's DatabaseError, if any. */
  #send(messages: Uint8Array[], syncToFs: boolean) {
    return this.#pg.execProtocolStream(concat(messages), { syncToFs })
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let offset = 0
  for (const part of parts) {
    whole.set(part, offset)
    offset += part.length
  }
  return whole
}

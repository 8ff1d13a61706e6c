import pg from 'pg'
import { listenChannel, type Database, type Queryable, type QueryResult } from './types'
import { rowParsers, TYPE_OIDS } from './values'

const parsersByOid = new Map<number, (value: string) => unknown>([
  [TYPE_OIDS.date, rowParsers.date],
  [TYPE_OIDS.numeric, rowParsers.numeric],
  [TYPE_OIDS.int8, rowParsers.int8],
])

// Per pool rather than pg.types.setTypeParser, which would change every pg user in the process.
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format !== 'binary' && parsersByOid.get(oid)) ||
    pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
}

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params?: unknown[]): Promise<QueryResult<Row>> {
      const result = await target.query(sql, params)
      return { rows: result.rows as Row[], affectedRows: result.rowCount ?? undefined }
    },
    async exec(sql: string): Promise<void> {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await target.query(sql)
    },
  }
}

/** A PostgreSQL server (DATABASE_URL) through a pool; each transaction holds one connection. */
export function openPostgres(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types: typeParsers,
    // JSON timestamps then read +00:00, as Supabase's do.
    options: '-c TimeZone=UTC',
  })
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const self = wrap(pool)
  return {
    kind: 'postgres',
    query: self.query,
    exec: self.exec,
    async transaction(fn) {
      const client = await pool.connect()
      let broken: Error | undefined
      try {
        await client.query('begin')
        const result = await fn(wrap(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError
        })
        throw error
      } finally {
        // A connection that cannot even roll back is destroyed instead of going back to the pool.
        client.release(broken)
      }
    },
    listen: (channel, onNotify) => listenOn(connectionString, listenChannel(channel), onNotify),
    close: () => pool.end(),
  }
}

/** Between attempts to get a lost LISTEN connection back. */
const RELISTEN_DELAY_MS = 1000

/**
 * LISTEN on a connection of its own, outside the pool (a pooled connection goes back to other work).
 * A lost connection is replaced; what was notified in between is not seen.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const reconnect = () => {
    client = undefined
    if (!stopped) retry = setTimeout(() => void connect().catch(reconnect), RELISTEN_DELAY_MS)
  }
  const connect = async () => {
    const next = new pg.Client({ connectionString, options: '-c TimeZone=UTC' })
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '')
    })
    next.on('error', () => {})
    client = next
    try {
      await next.connect()
      await next.query(`listen ${channel}`)
    } catch (error) {
      await next.end().catch(() => {})
      throw error
    }
    next.on('end', () => {
      if (client === next) reconnect()
    })
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    await client?.end()
  }
}

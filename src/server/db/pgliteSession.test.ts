import { PGlite, TransactionAbortedError } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PgliteSession, PREPARED_STATEMENTS_MAX } from './pgliteSession'

let pg: PGlite
let session: PgliteSession

beforeAll(async () => {
  pg = new PGlite()
  await pg.waitReady
  session = new PgliteSession(pg)
  await session.exec('create table notes (id int primary key, body text not null)')
})

afterAll(() => pg.close())

const serverPrepared = async () =>
  Number((await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0].n)

describe('PgliteSession', () => {
  it('prepares a statement text once and runs it with each call’s values', async () => {
    const before = session.preparedCount
    const echo = 'select $1::text as value, $2::int + 1 as next'
    for (const value of ["it's", 'a; drop table notes; --', '']) {
      expect((await session.query(echo, [value, 41])).rows).toEqual([{ value, next: 42 }])
    }
    expect(session.preparedCount).toBe(before + 1)
    expect((await session.query(echo, [null, null])).rows).toEqual([{ value: null, next: null }])
  })

  it('counts changed rows and hands back the database’s error', async () => {
    const insert = 'insert into notes (id, body) values ($1, $2)'
    expect((await session.query(insert, [1, 'first'])).affectedRows).toBe(1)
    await expect(session.query(insert, [1, 'again'])).rejects.toMatchObject({
      code: '23505',
      detail: 'Key (id)=(1) already exists.',
    })
    expect((await session.query('update notes set body = body || $1', ['!'])).affectedRows).toBe(1)
    await expect(session.query('select nonsense from notes')).rejects.toMatchObject({ code: '42703' })
  })

  it('keeps at most PREPARED_STATEMENTS_MAX statements, closing the least recently used', async () => {
    for (let i = 0; i < PREPARED_STATEMENTS_MAX + 5; i++) {
      await session.query(`select ${i} as n`)
    }
    expect(session.preparedCount).toBe(PREPARED_STATEMENTS_MAX)
    // Closes travel with the next prepare, which itself adds one statement and drops one.
    expect(await serverPrepared()).toBe(PREPARED_STATEMENTS_MAX + 1)
    expect((await session.query(`select ${PREPARED_STATEMENTS_MAX + 4} as n`)).rows).toEqual([
      { n: PREPARED_STATEMENTS_MAX + 4 },
    ])
  })

  it('prepares a statement again after the table under it changed shape', async () => {
    await session.exec('create table shapes (a int); insert into shapes values (1)')
    expect((await session.query('select * from shapes')).rows).toEqual([{ a: 1 }])
    await session.exec('alter table shapes add column b int')
    await expect(session.query('select * from shapes')).rejects.toMatchObject({ code: '0A000' })
    expect((await session.query('select * from shapes')).rows).toEqual([{ a: 1, b: null }])
  })

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await session.transaction((tx) => tx.query('insert into notes values ($1, $2)', [10, 'kept']))
    await expect(
      session.transaction(async (tx) => {
        await tx.query('insert into notes values ($1, $2)', [11, 'undone'])
        throw new Error('stop')
      }),
    ).rejects.toThrow('stop')
    expect((await session.query('select id from notes where id >= $1 order by id', [10])).rows).toEqual([
      { id: 10 },
    ])
  })

  it('refuses to commit a transaction whose error was caught inside it', async () => {
    await expect(
      session.transaction(async (tx) => {
        await tx.query('insert into notes values ($1, $2)', [20, 'lost'])
        await tx.query('insert into notes values ($1, $2)', [20, 'duplicate']).catch(() => undefined)
      }),
    ).rejects.toBeInstanceOf(TransactionAbortedError)
    expect((await session.query('select count(*)::int as n from notes where id = $1', [20])).rows).toEqual([
      { n: 0 },
    ])
  })

  it('sends BEGIN with a transaction’s first statement: one call into PostgreSQL per statement, and COMMIT', async () => {
    const insert = 'insert into notes values ($1, $2)'
    const count = 'select count(*)::int as n from notes where id >= $1'
    // Prepared beforehand, so that only the transaction's own calls are counted.
    await session.query(count, [40])
    await session.transaction((tx) => tx.query(insert, [40, 'warm']))
    const calls = vi.spyOn(pg, 'execProtocolStream')
    try {
      const seen = await session.transaction(async (tx) => {
        expect((await tx.query(insert, [41, 'first'])).affectedRows).toBe(1)
        // The first statement's rows, not BEGIN's (empty) result, come back.
        return (await tx.query(count, [40])).rows
      })
      expect(seen).toEqual([{ n: 2 }])
      expect(calls).toHaveBeenCalledTimes(3)
      expect(pg.isInTransaction()).toBe(false)
    } finally {
      calls.mockRestore()
    }
  })

  it('rolls back a transaction whose first statement fails, and sends nothing for one that runs none', async () => {
    await expect(
      session.transaction((tx) => tx.query('insert into notes values ($1, $2)', [40, 'duplicate'])),
    ).rejects.toMatchObject({ code: '23505' })
    expect(pg.isInTransaction()).toBe(false)
    const calls = vi.spyOn(pg, 'execProtocolStream')
    try {
      expect(await session.transaction(async () => 'nothing to run')).toBe('nothing to run')
      await expect(
        session.transaction(async () => {
          throw new Error('before any statement')
        }),
      ).rejects.toThrow('before any statement')
      expect(calls).not.toHaveBeenCalled()
    } finally {
      calls.mockRestore()
    }
    expect((await session.query('select body from notes where id = $1', [40])).rows).toEqual([
      { body: 'warm' },
    ])
  })

  it('runs a statement outside a transaction only after a running transaction ended', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const transaction = session.transaction(async (tx) => {
      await tx.query('insert into notes values ($1, $2)', [30, 'pending'])
      await gate
      throw new Error('changed my mind')
    })
    // Issued while the transaction holds the session: it must neither join it nor see its row.
    const outside = session.query('select count(*)::int as n from notes where id = $1', [30])
    release()
    await expect(transaction).rejects.toThrow('changed my mind')
    expect((await outside).rows).toEqual([{ n: 0 }])
  })
})

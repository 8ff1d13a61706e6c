import { describe, expect, it } from 'vitest'
import { testDatabaseKinds } from '../../src/server/db/testDatabases'
import { runCrashTest } from './support/crashRun'

// Split from crash-pglite.test.ts so the two run in parallel: each spends most of its time waiting
// for a restarted process.
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 2 ** 31)

// testDatabaseKinds() fails in CI without TEST_DATABASE_URL, so this half cannot be skipped there.
describe.skipIf(!testDatabaseKinds().includes('postgres'))('crash safety on postgres', () => {
  it('keeps every acknowledged write through 30 SIGKILLs', async () => {
    const report = await runCrashTest('postgres', { kills: 30, writers: 3, windowMs: [50, 400], seed })
    console.log(
      `crash (postgres): ${report.kills} kills, ${report.ackedGuests} acknowledged inserts and ` +
        `${report.ackedImages} uploads, ${report.lost.length} lost (CRASH_SEED=${seed})`,
    )
    expect(report.failures).toEqual([])
    expect(report.lost).toEqual([])
    expect(report.kills).toBe(30)
    expect(report.ackedGuests).toBeGreaterThan(0)
  }, 600_000)
})

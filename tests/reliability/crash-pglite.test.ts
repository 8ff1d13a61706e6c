import { describe, expect, it } from 'vitest'
import { runCrashTest } from './support/crashRun'

// Split from crash-postgres.test.ts so the two run in parallel: each spends most of its time waiting
// for a restarted process.
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 2 ** 31)

describe('crash safety on pglite', () => {
  it('keeps every acknowledged write through 30 SIGKILLs', async () => {
    const report = await runCrashTest('pglite', { kills: 30, writers: 3, windowMs: [50, 400], seed })
    console.log(
      `crash (pglite): ${report.kills} kills, ${report.ackedGuests} acknowledged inserts and ` +
        `${report.ackedImages} uploads, ${report.lost.length} lost (CRASH_SEED=${seed})`,
    )
    expect(report.failures).toEqual([])
    expect(report.lost).toEqual([])
    expect(report.kills).toBe(30)
    expect(report.ackedGuests).toBeGreaterThan(0)
  }, 600_000)
})

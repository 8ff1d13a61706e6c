/**
 * `npm run staff:add -- --email x --password y --name "Full Name"`: creates a staff account in the data
 * folder (INNKEEPER_DATA_DIR, default ./.innkeeper) or on DATABASE_URL. The server must be stopped
 * when the data folder holds PGlite, which only one process may open.
 */
import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { addStaff } from './auth/staff'
import { lockDataDir } from './dataDirLock'
import { openDatabase } from './db/open'

export async function runStaffAdd(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  })
  if (!values.email || !values.password || !values.name) {
    throw new Error('Usage: npm run staff:add -- --email <email> --password <password> --name "<full name>"')
  }
  const dataDir = resolve(env.INNKEEPER_DATA_DIR || '.innkeeper')
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const unlock = await lockDataDir(dataDir)
  try {
    const db = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL || undefined })
    try {
      const { created } = await addStaff(db, {
        email: values.email,
        password: values.password,
        fullName: values.name,
      })
      const email = values.email.trim().toLowerCase()
      return created
        ? `Created staff account ${email}`
        : `${email} already had an account; it is now staff (its password was not changed)`
    } finally {
      await db.close()
    }
  } finally {
    await unlock()
  }
}

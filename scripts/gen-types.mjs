// Writes src/shared/database.types.ts from supabase/migrations: npm run gen:types
// The migrations run on a fresh in-memory PGlite, and the types are read from its catalog.
import { writeFile } from 'node:fs/promises'
import { importTs } from './lib/importTs.mjs'

try {
  const { openPglite } = await importTs('src/server/db/pglite.ts')
  const { migrate } = await importTs('src/server/db/migrate.ts')
  const { DATABASE_TYPES_FILE, generateDatabaseTypes } = await importTs('scripts/typegen/databaseTypes.ts')
  const db = await openPglite()
  try {
    await migrate(db)
    await writeFile(DATABASE_TYPES_FILE, await generateDatabaseTypes(db))
  } finally {
    await db.close()
  }
  console.log(`Wrote ${DATABASE_TYPES_FILE}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}

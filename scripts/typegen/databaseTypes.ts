import { fileURLToPath } from 'node:url'
import * as prettier from 'prettier'
import type { Queryable } from '../../src/server/db/types'
import { readSchemaCatalog } from './catalog'
import { renderDatabaseTypes } from './render'

/** Where the generated types are checked in. */
export const DATABASE_TYPES_FILE = fileURLToPath(
  new URL('../../src/shared/database.types.ts', import.meta.url),
)

/** The database's public schema as TypeScript, formatted as the repository formats its code. */
export async function generateDatabaseTypes(db: Queryable): Promise<string> {
  const text = renderDatabaseTypes(await readSchemaCatalog(db, 'public'))
  const options = await prettier.resolveConfig(DATABASE_TYPES_FILE)
  return prettier.format(text, { ...options, filepath: DATABASE_TYPES_FILE })
}

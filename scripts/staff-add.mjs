// Creates a staff account: npm run staff:add -- --email x --password y --name "Full Name"
// Uses INNKEEPER_DATA_DIR (default ./.innkeeper) or DATABASE_URL, like the server. Stop the server first.
import { importTs } from './lib/importTs.mjs'

try {
  const { runStaffAdd } = await importTs('src/server/staffCli.ts')
  console.log(await runStaffAdd(process.argv.slice(2)))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}

// Runs the embedded backend from source, without building (same environment variables as the built
// out/main/server.js). Handy for working on the server; tests fork it to check the process protocol.
import { importTs } from './lib/importTs.mjs'

await importTs('src/server/entry.ts')

// `npm run bench [-- --quick]`: the performance benchmark of issue #6 (bench/run.ts). --quick skips
// the 500 000-booking property. PostgreSQL is measured too when BENCH_DATABASE_URL or TEST_DATABASE_URL
// names a superuser URL.
import { resolve } from 'node:path'
import { importTs } from './lib/importTs.mjs'

const root = new URL('..', import.meta.url).pathname
const rendererClient = resolve(root, 'src/renderer/src/lib/supabase.ts')

// The renderer's feature services run unchanged; only the module that holds their supabase-js client
// is swapped for the bench's, which Node can create (realtime over ws) and signs in per backend.
const benchClient = {
  name: 'bench-client',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer) return null
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
    return resolved?.id === rendererClient ? resolve(root, 'bench/appClient.ts') : null
  },
}

// --boot: issue 21's start-up and memory rows alone (bench/boot.ts).
const boot = process.argv.includes('--boot')
// --memory: issue 21's memory rows stage by stage, with where the memory is (bench/memory.ts).
const memory = process.argv.includes('--memory')
const entry = boot ? 'bench/boot.ts' : memory ? 'bench/memory.ts' : 'bench/run.ts'
const module = await importTs(entry, { plugins: [benchClient] })
await (boot ? module.runBootBench : memory ? module.runMemoryBench : module.runBench)(process.argv.slice(2))

import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../../..')

/**
 * The process entry (src/server/entry.ts) bundled once with Vite, as electron-vite bundles it for
 * the app. Starting the bundle takes a fraction of running the sources through Vite's module runner
 * (scripts/server-dev.mjs), which matters when a test restarts the server dozens of times. It lives
 * under node_modules so its package imports resolve; Vite runs in a child so the test's own module
 * graph is untouched.
 */
export function buildServerBundle(): { entry: string; remove(): void } {
  const outDir = join(root, 'node_modules', '.cache', 'innkeeper-reliability', randomUUID())
  const config = {
    root,
    configFile: false,
    logLevel: 'error',
    resolve: { alias: { '@shared': join(root, 'src/shared') } },
    build: {
      ssr: join(root, 'src/server/entry.ts'),
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'node20',
      rollupOptions: { output: { format: 'es', entryFileNames: 'server.mjs' } },
    },
  }
  const script = `import { build } from 'vite'\nawait build(${JSON.stringify(config)})`
  const built = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  })
  if (built.status !== 0) throw new Error(`could not bundle the server: ${built.stderr}`)
  return {
    entry: join(outDir, 'server.mjs'),
    remove: () => rmSync(outDir, { recursive: true, force: true }),
  }
}

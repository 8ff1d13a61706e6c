// Web mode: one Node process serves the embedded backend and the built renderer on one origin.
// Builds first when the build is missing or older than the sources.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = new URL('..', import.meta.url).pathname
const builtFiles = ['out/main/server.js', 'out/renderer/index.html'].map((file) => join(root, file))
// The build's own configuration and packages count as sources: a change to either alone changes the build.
const sources = ['src', 'supabase', 'resources', 'electron.vite.config.ts', 'package-lock.json'].map((path) =>
  join(root, path),
)

function newestMtime(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  )
}

function buildIsCurrent() {
  if (!builtFiles.every(existsSync)) return false
  const builtAt = Math.min(...builtFiles.map((file) => statSync(file).mtimeMs))
  return Math.max(...sources.filter(existsSync).map(newestMtime)) <= builtAt
}

if (!buildIsCurrent()) {
  console.log('Building Innkeeper…')
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

process.env.INNKEEPER_STATIC_DIR ??= join(root, 'out/renderer')
await import(pathToFileURL(builtFiles[0]).href)

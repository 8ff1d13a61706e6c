// Loads a TypeScript module of src/ through Vite's module runner, so server code that relies on Vite
// features (SQL files embedded with ?raw and import.meta.glob, the @shared alias) runs without a build.
import { resolve } from 'node:path'
import { runnerImport } from 'vite'

const root = new URL('../..', import.meta.url).pathname

export async function importTs(path) {
  const { module } = await runnerImport(resolve(root, path), {
    root,
    configFile: false,
    logLevel: 'error',
    resolve: { alias: { '@shared': resolve(root, 'src/shared') } },
  })
  return module
}

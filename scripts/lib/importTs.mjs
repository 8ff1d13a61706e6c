// Loads a TypeScript module of src/ through Vite's module runner, so server code that relies on Vite
// features (SQL files embedded with ?raw and import.meta.glob, the @shared alias) runs without a build.
// The runner stays open for the process's life: the server loads some modules only when first used
// (the PostgreSQL driver, the upload parser), and Vite's one-shot `runnerImport` closes its runner
// as soon as the entry is loaded, which failed those later imports ("module runner has been closed").
import { resolve } from 'node:path'
import { createRunnableDevEnvironment, resolveConfig } from 'vite'

const root = new URL('../..', import.meta.url).pathname

let environment

async function runner(plugins) {
  if (!environment) {
    const config = await resolveConfig(
      {
        root,
        configFile: false,
        envDir: false,
        logLevel: 'error',
        resolve: { alias: { '@shared': resolve(root, 'src/shared') } },
        plugins,
        environments: {
          inline: {
            consumer: 'server',
            dev: { moduleRunnerTransform: true },
            resolve: { external: true, mainFields: [], conditions: ['node'] },
          },
        },
      },
      'serve',
    )
    environment = createRunnableDevEnvironment('inline', config, {
      runnerOptions: { hmr: { logger: false } },
      hot: false,
    })
    await environment.init()
  }
  return environment.runner
}

/** `plugins` apply to every module the process loads this way; the first call's are kept. */
export async function importTs(path, { plugins = [] } = {}) {
  return (await runner(plugins)).import(resolve(root, path))
}

import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { defineConfig, externalizeDepsPlugin } from 'electron-vite'
import type { Plugin, Rolldown } from 'vite'
import react from '@vitejs/plugin-react'
import { firstScreenChunks } from './src/renderer/firstScreenChunks'

const shared = { '@shared': resolve('src/shared') }

/** The app itself (React DOM, Ant Design), which the entry imports once the first requests are on their way. */
const APP_SHELL = 'src/app/mount.tsx'
/** The screen a signed-in desk opens on: the layout around the dashboard. */
const FIRST_SCREEN = ['src/app/AppLayout.tsx', 'src/features/dashboard/DashboardPage.tsx']

/** A build plugin that adds to index.html's head a <link> for each set of attributes `linksOf` gives. */
function headLinks(
  name: string,
  linksOf: (bundle: Rolldown.OutputBundle) => Record<string, string | boolean>[],
): Plugin {
  return {
    name,
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        bundle && linksOf(bundle).map((attrs) => ({ tag: 'link', attrs, injectTo: 'head' as const })),
    },
  }
}

/**
 * Adds <link rel="modulepreload"> to index.html for what the entry imports later: the app (and the
 * chunks it imports), which the entry imports as soon as it has started the first screen's requests,
 * then the first screen's chunks. Otherwise each would be fetched only once the code before it had
 * run; preloaded, they arrive while it runs. All at the default priority, in that order: at low
 * priority Chromium held the first screen's chunks back behind the entry, the app and the API calls,
 * and the dashboard's chunk came last (traced under load: 0.3 s after the answers it needed). Someone
 * not signed in needs them right after logging in.
 */
function preloadFirstScreen(): Plugin {
  return headLinks('innkeeper:preload-first-screen', (bundle) => {
    const chunks = Object.values(bundle).filter((out): out is Rolldown.OutputChunk => out.type === 'chunk')
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
    const staticImports = (from: string[]) => {
      const found = new Set<string>()
      const visit = (file: string) => {
        if (found.has(file)) return
        found.add(file)
        byFile.get(file)?.imports.forEach(visit)
      }
      from.forEach(visit)
      return found
    }
    /** The chunks that hold `modules` (grouped, several modules share one). */
    const chunksOf = (modules: string[]) =>
      modules.map((m) => {
        const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(m)))
        if (!chunk) throw new Error(`${m}: in no chunk`)
        return chunk.fileName
      })
    const loaded = staticImports(chunks.filter((chunk) => chunk.isEntry).map((c) => c.fileName))
    /** The files `modules` import that nothing before them preloads, in order. */
    const preload = (modules: string[]) => {
      const files = [...staticImports(chunksOf(modules))].filter((file) => !loaded.has(file))
      files.forEach((file) => loaded.add(file))
      return files.map((file) => ({ rel: 'modulepreload', crossorigin: true, href: `./${file}` }))
    }
    return [...preload([APP_SHELL]), ...preload(FIRST_SCREEN)]
  })
}

/** The app's text faces (app/theme.css: Poppins 400, 500 and 600), in the Latin subset its words use. */
const TEXT_FONTS = /^assets\/poppins-latin-(400|500|600)-normal-[\w-]+\.woff2$/

/**
 * Adds <link rel="preload" as="font"> for the text faces. The browser asks for a font only once it
 * lays out text in it, which is after the first screen's scripts have run and drawn it: the faces
 * then arrived while the screen was being drawn, and the text was laid out and painted again in them
 * (the calendar's grid: after it was drawn, in the desk's first scroll frames). Preloaded, they come
 * with the scripts.
 */
function preloadTextFonts(): Plugin {
  return headLinks('innkeeper:preload-text-fonts', (bundle) => {
    const fonts = Object.keys(bundle).filter((file) => TEXT_FONTS.test(file))
    if (fonts.length !== 3) throw new Error(`Expected Poppins 400, 500 and 600 in the build, found ${fonts}`)
    return fonts.map((file) => ({
      rel: 'preload',
      as: 'font',
      type: 'font/woff2',
      crossorigin: true,
      href: `./${file}`,
    }))
  })
}

const ANTD_STYLES = 'virtual:antd-styles.css'

/**
 * `import 'virtual:antd-styles.css'`: Ant Design's component styles, extracted at build time
 * (src/renderer/antdStyleSheet.ts) into the app's one style sheet, so the first screen does not
 * generate them in JavaScript. Empty under `electron-vite dev`, where Ant Design styles everything
 * at run time (its development class names differ).
 */
function antdStyles(): Plugin {
  let isBuild = false
  return {
    name: 'innkeeper:antd-styles',
    configResolved(config) {
      isBuild = config.command === 'build'
    },
    resolveId: (id) => (id === ANTD_STYLES ? `\0${ANTD_STYLES}` : undefined),
    async load(id) {
      if (id !== `\0${ANTD_STYLES}`) return undefined
      if (!isBuild) return ''
      const { antdStyleSheet } = await import('./src/renderer/antdStyleSheet')
      return antdStyleSheet()
    },
  }
}

const TEMPLATE_WRITER = 'writePgliteTemplate'

/** Dependencies the main build bundles instead of loading from node_modules (see main's plugins). */
const BUNDLED_DEPS = ['jose', 'ws']

/**
 * Runs the built template writer (src/server/db/writePgliteTemplate.ts) once the main bundle is on
 * disk, so the migrated cluster template comes from exactly this build's migrations and PGlite, then
 * removes the writer: the app never needs it.
 */
function pgliteTemplate(): Plugin {
  return {
    name: 'innkeeper:pglite-template',
    apply: 'build',
    writeBundle(options) {
      if (!options.dir) throw new Error('The main build has no output folder')
      const writer = join(options.dir, `${TEMPLATE_WRITER}.js`)
      const run = spawnSync(process.execPath, [writer], { stdio: 'inherit' })
      rmSync(writer)
      if (run.status !== 0) throw new Error(`The PGlite template could not be written (exit ${run.status})`)
    },
  }
}

export default defineConfig({
  main: {
    // jose and ws go into the backend's bundle: loaded from node_modules they are ~60 ESM and CommonJS
    // files that Node resolves and compiles one by one at every start (about 0.1 s of CPU together).
    // PGlite stays outside: it finds its WebAssembly and data files beside its own modules.
    plugins: [externalizeDepsPlugin({ exclude: BUNDLED_DEPS }), pgliteTemplate()],
    resolve: { alias: shared },
    build: {
      rollupOptions: {
        // The embedded backend is built beside main: Electron runs it in a utilityProcess,
        // web mode runs the same file with plain Node.
        input: {
          index: resolve('src/main/index.ts'),
          server: resolve('src/server/entry.ts'),
          [TEMPLATE_WRITER]: resolve('src/server/db/writePgliteTemplate.ts'),
        },
      },
    },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    resolve: { alias: shared },
    build: {
      rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    resolve: { alias: { ...shared, '@renderer': resolve('src/renderer/src') } },
    plugins: [react(), antdStyles(), preloadFirstScreen(), preloadTextFonts()],
    build: {
      rollupOptions: {
        input: resolve('src/renderer/index.html'),
        output: {
          codeSplitting: firstScreenChunks(resolve('src/renderer'), {
            entry: 'src/main.tsx',
            app: APP_SHELL,
            login: 'src/features/auth/LoginPage.tsx',
            firstScreen: FIRST_SCREEN,
          }),
        },
      },
      // electron-vite leaves the renderer unminified, yet web mode sends it over the network and both
      // modes parse it before the first screen (login screen: 561 KB gzip unminified, 311 KB minified).
      minify: true,
      // All styles in one file with the entry (20 KB, 4.5 KB gzip): a lazy screen then waits for no
      // stylesheet of its own before it runs, and its chunks are the only requests it makes.
      cssCodeSplit: false,
    },
  },
})

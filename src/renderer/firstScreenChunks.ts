// Build time only (electron.vite.config.ts): the first screens' code in a few chunks.
import { dirname, resolve } from 'node:path'
import type { Rolldown } from 'vite'

export interface FirstScreens {
  /** The renderer's entry (what it runs before it imports the app). */
  entry: string
  /** The app the entry imports (React DOM, Ant Design's core). */
  app: string
  /** The screen someone not signed in opens on. */
  login: string
  /** The screens a signed-in desk opens on. */
  firstScreen: string[]
}

/**
 * The first screens' code in three files besides the entry, instead of the ~75 chunks splitting by
 * importer made of it (each Ant Design component, icon and hook shared by a different set of
 * screens was a chunk of its own, and each is a request and a module the page waits for before the
 * dashboard draws). `index` holds what the entry imports, `app` the app and what both first screens use, `first-screen` what only
 * the layout and the dashboard use. What only the login screen uses stays in its chunk, so it loads
 * none of the dashboard; the screens' own modules and what later screens alone use (the charts
 * too) stay split as before. Paths are relative to `root`.
 */
export function firstScreenChunks(
  root: string,
  screens: FirstScreens,
): Rolldown.OutputOptions['codeSplitting'] {
  let groups: Map<string, ChunkName> | undefined
  /**
   * One chunk's modules, and (index, app) what they import that no group before took: groups whose
   * modules import modules left to the default splitting made import cycles between chunks, and a
   * chunk then ran before what it needed ("n is not a function"). The first screen's group takes
   * only its own, or it would take modules the login screen imports and the login would load it.
   */
  const group = (
    chunk: ChunkName,
    priority: number,
    includeDependenciesRecursively = true,
  ): Rolldown.CodeSplittingGroup => ({
    name: (id, context) => {
      groups ??= firstScreenGroups(context, resolveAll(root, screens))
      return groups.get(id) === chunk ? chunk : null
    },
    priority,
    includeDependenciesRecursively,
  })
  return { groups: [group('index', 3), group('app', 2), group('first-screen', 1, false)] }
}

type ChunkName = 'index' | 'app' | 'first-screen'

function resolveAll(root: string, screens: FirstScreens): FirstScreens {
  return {
    entry: resolve(root, screens.entry),
    app: resolve(root, screens.app),
    login: resolve(root, screens.login),
    firstScreen: screens.firstScreen.map((m) => resolve(root, m)),
  }
}

function firstScreenGroups(context: Rolldown.ChunkingContext, screens: FirstScreens): Map<string, ChunkName> {
  const reach = staticReach(context)
  const entry = reach([screens.entry])
  const login = reach([screens.app, screens.login])
  const groups = new Map<string, ChunkName>()
  // The entry's module itself stays the page's entry chunk; what it imports is one chunk with it.
  for (const id of entry) if (id !== screens.entry) groups.set(id, 'index')
  // The modules the entry imports by name keep a chunk each (the bench reads the login screen's
  // bundle from them, and checks that it holds no first screen): the rest goes in the groups.
  const named = new Set([screens.app, ...screens.firstScreen])
  for (const id of reach([screens.app])) if (!groups.has(id) && !named.has(id)) groups.set(id, 'app')
  for (const id of reach(screens.firstScreen)) {
    if (groups.has(id) || named.has(id)) continue
    groups.set(id, login.has(id) ? 'app' : 'first-screen')
  }
  return groups
}

const NAMED_IMPORT = /import\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*['"][^'"]+['"]/g
const NAMED_REEXPORT = /export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g
const STAR_REEXPORT = /export\s*\*\s*from\s*['"]([^'"]+)['"]/g
/** A library's index ('antd', the icons) re-exports at least this many modules, or all of one. */
const BARREL_REEXPORTS = 10

/**
 * Everything the given modules import statically, themselves included. Through a library's index
 * only what is imported by name counts: 'antd' imports every component, the screens use a few.
 */
function staticReach(context: Rolldown.ChunkingContext) {
  return (modules: string[]) => {
    const found = new Set<string>()
    const namesSeen = new Map<string, Set<string>>()
    const visit = (id: string, names: Set<string>) => {
      const info = context.getModuleInfo(id)
      const code = info?.code ?? ''
      const reexports = [...code.matchAll(NAMED_REEXPORT)]
      const stars = [...code.matchAll(STAR_REEXPORT)]
      if (info && (stars.length > 0 || reexports.length >= BARREL_REEXPORTS)) {
        const seen = namesSeen.get(id) ?? new Set<string>()
        namesSeen.set(id, seen)
        const wanted = new Set([...names].filter((name) => !seen.has(name)))
        if (wanted.size === 0) return
        wanted.forEach((name) => seen.add(name))
        found.add(id)
        const follow = (specifier: string, followed: Set<string>) => {
          const target = importedAs(info.importedIds, dirname(id), specifier)
          if (target) visit(target, followed)
        }
        for (const [, list, specifier] of reexports) {
          const exported = bindings(list).map(({ local }) => local)
          if (exported.some((name) => wanted.has(name)))
            follow(specifier, new Set(bindings(list).map(({ imported }) => imported)))
        }
        for (const [, specifier] of stars) follow(specifier, wanted)
        return
      }
      if (found.has(id)) return
      found.add(id)
      const imported = new Set(
        [...code.matchAll(NAMED_IMPORT), ...reexports].flatMap(([, list]) =>
          bindings(list).map((b) => b.imported),
        ),
      )
      info?.importedIds.forEach((next) => visit(next, imported))
    }
    modules.forEach((id) => visit(id, new Set()))
    return found
  }
}

/** `a`, `a as b`, `type a`: the name in the module imported from, and the one it is known by here. */
function bindings(list: string): { imported: string; local: string }[] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [imported, local = imported] = part.split(/\s+as\s+/)
      return { imported, local }
    })
}

/** Which of `importedIds` a relative `specifier` written in a module in `dir` resolved to. */
function importedAs(importedIds: readonly string[], dir: string, specifier: string): string | undefined {
  const base = resolve(dir, specifier)
  return importedIds.find((id) => id === base || id.startsWith(`${base}.`) || id.startsWith(`${base}/index.`))
}

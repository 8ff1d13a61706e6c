import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import type { Configuration } from 'app-builder-lib'
import { afterEach, describe, expect, it, vi } from 'vitest'

/**
 * The installer configuration as electron-builder itself loads it (it finds electron-builder.ts in
 * the project and calls it) and checks it against its schema, with and without the update feed.
 * The installers cannot be built here; this is what `npm run dist` reads first.
 */
const root = resolve(import.meta.dirname, '../..')
const require = createRequire(import.meta.url)
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<Configuration>
  validateConfiguration(config: object, debugLogger: { isEnabled: boolean; add(): void }): Promise<void>
}

async function loadConfig(updateUrl: string | undefined) {
  vi.stubEnv('INNKEEPER_UPDATE_URL', updateUrl)
  const config = await getConfig(root, null, null)
  await validateConfiguration(config, { isEnabled: false, add: () => {} })
  return config
}

afterEach(() => vi.unstubAllEnvs())

describe('electron-builder configuration', () => {
  it('builds without an update feed: no publish configuration, so no update checks', async () => {
    for (const unset of [undefined, '', '  ']) {
      const config = await loadConfig(unset)
      expect(config.publish).toBeNull()
    }
  })

  it('publishes to the https feed it is given', async () => {
    const config = await loadConfig('https://updates.example.com/innkeeper')
    expect(config.publish).toEqual({ provider: 'generic', url: 'https://updates.example.com/innkeeper' })
  })

  it('refuses a feed that is not https', async () => {
    await expect(loadConfig('http://updates.example.com/innkeeper')).rejects.toThrow(
      'INNKEEPER_UPDATE_URL must be an https:// URL',
    )
    await expect(loadConfig('updates.example.com')).rejects.toThrow('INNKEEPER_UPDATE_URL is not a URL')
  })

  it('builds the deb first on Linux, and a zip beside the dmg for x64 and arm64 Macs', async () => {
    const config = await loadConfig(undefined)
    expect(config.linux!.target).toEqual(['deb', 'AppImage'])
    expect(config.mac!.target).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ])
    expect(config.nsis!.deleteAppDataOnUninstall).toBe(false)
    expect(config.asarUnpack).toContain('node_modules/@electric-sql/pglite/dist/**')
  })
})

describe('the packaged app’s dependencies', () => {
  /** Bare imports of the code that runs in main, the preload and the backend (not tests or helpers). */
  function runtimeImports(): Map<string, string> {
    const found = new Map<string, string>()
    for (const dir of ['src/main', 'src/preload', 'src/server', 'src/shared']) {
      for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
        const file = join(entry.parentPath, entry.name)
        if (
          !entry.isFile() ||
          !/\.ts$/.test(entry.name) ||
          /\.test\.ts$|^test|__fixtures__|[/\\]testing[/\\]/.test(file)
        )
          continue
        for (const [, name] of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'([^'.][^']*)'/g)) {
          if (name!.startsWith('node:') || name!.startsWith('@shared/') || name === 'electron') continue
          const pkg = name!.startsWith('@') ? name!.split('/').slice(0, 2).join('/') : name!.split('/')[0]!
          found.set(pkg, file.slice(root.length + 1))
        }
      }
    }
    return found
  }

  it('lists every package main, the preload and the backend import at run time in dependencies (only those go into app.asar)', () => {
    const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    const imports = runtimeImports()
    expect(imports.has('@electric-sql/pglite')).toBe(true)
    for (const [pkg, file] of imports)
      expect(dependencies, `${pkg}, imported by ${file}`).toHaveProperty([pkg])
    // The renderer's libraries are bundled by Vite: none of them needs to be in the installer.
    for (const rendererOnly of ['react', 'antd', '@supabase/supabase-js', '@ant-design/charts'])
      expect(dependencies).not.toHaveProperty([rendererOnly])
  })
})

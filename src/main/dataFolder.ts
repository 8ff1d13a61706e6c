import { join } from 'node:path'

/**
 * Which data folder the embedded backend opens, and whether it is the demo. A real desk's folder
 * starts without demo data and without staff: its first run creates the owner (the backend's
 * owner set-up). The demo lives in a folder of its own, so exploring never mixes made-up bookings
 * into the business's data, and the app says "demo" on every screen there.
 */
export interface DataFolder {
  dataDir: string
  demo: boolean
}

/** The first run's choice, asked while the real folder does not exist yet. */
export type FirstRunChoice = 'owner' | 'demo' | 'quit'

export interface DataFolderDeps {
  userData: string
  /** `npm run dev` keeps the demo in its own user-data folder, as web mode does. */
  isPackaged: boolean
  exists(path: string): Promise<boolean>
  ask(): Promise<FirstRunChoice>
}

export const realDataDir = (userData: string) => join(userData, 'data')
export const demoDataDir = (userData: string) => join(userData, 'demo-data')

/** Null: the desk chose to quit. Asked again on every start until the real folder exists. */
export async function chooseDataFolder(deps: DataFolderDeps): Promise<DataFolder | null> {
  const real = { dataDir: realDataDir(deps.userData), demo: false }
  if (!deps.isPackaged) return { dataDir: real.dataDir, demo: true }
  if (await deps.exists(real.dataDir)) return real
  const choice = await deps.ask()
  if (choice === 'quit') return null
  return choice === 'demo' ? { dataDir: demoDataDir(deps.userData), demo: true } : real
}

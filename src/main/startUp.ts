import { BackendStartError } from './backendProcess'
import type { StartScreenState } from './startScreen'

export type FailureChoice = 'retry' | 'logs' | 'quit'

export interface StartUpDeps {
  /** Connects to the saved backend (starts the local one). */
  connect(): Promise<void>
  /** Shows the start screen in the window, which is already open. */
  show(state: StartScreenState): void
  /** Loads the app itself into the window. */
  openApp(): void
  describeFailure(error: unknown): { title: string; detail: string }
  /** Asks over the failed start screen what to do now. */
  ask(failure: { title: string; detail: string }): Promise<FailureChoice>
  showLogs(): void
  quit(): void
}

/**
 * From opening the app to the app on screen: the start screen while the backend starts, then the
 * app; when the start fails, what failed and a way out, as often as the desk tries again. A start
 * stopped because the app is quitting ends quietly.
 */
export async function startUp(deps: StartUpDeps): Promise<void> {
  for (;;) {
    deps.show({ kind: 'starting' })
    try {
      await deps.connect()
      deps.openApp()
      return
    } catch (error) {
      if (error instanceof BackendStartError && error.reason === 'stopped') return
      const failure = deps.describeFailure(error)
      deps.show({ kind: 'failed', ...failure })
      let choice = await deps.ask(failure)
      while (choice === 'logs') {
        deps.showLogs()
        choice = await deps.ask(failure)
      }
      if (choice === 'quit') {
        deps.quit()
        return
      }
    }
  }
}

import { describe, expect, it, vi } from 'vitest'
import { BackendStartError } from './backendProcess'
import { startUp, type FailureChoice, type StartUpDeps } from './startUp'

function deps(outcomes: Array<'ok' | Error>, choices: FailureChoice[] = []) {
  const steps: string[] = []
  const d: StartUpDeps = {
    connect: vi.fn(async () => {
      const outcome = outcomes.shift()
      steps.push('connect')
      if (outcome instanceof Error) throw outcome
    }),
    show: (state) =>
      void steps.push(`screen ${state.kind}${state.kind === 'failed' ? `: ${state.detail}` : ''}`),
    openApp: () => void steps.push('app'),
    describeFailure: (error) => ({ title: 'Innkeeper could not start', detail: (error as Error).message }),
    ask: vi.fn(async () => {
      const choice = choices.shift()!
      steps.push(`chose ${choice}`)
      return choice
    }),
    showLogs: () => void steps.push('logs'),
    quit: () => void steps.push('quit'),
  }
  return { d, steps }
}

describe('startUp', () => {
  it('shows the start screen while the backend starts, then the app', async () => {
    const { d, steps } = deps(['ok'])
    await startUp(d)
    expect(steps).toEqual(['screen starting', 'connect', 'app'])
  })

  it('on failure says what failed and offers a way out: logs, then try again', async () => {
    const { d, steps } = deps([new Error('the disk is full'), 'ok'], ['logs', 'retry'])
    await startUp(d)
    expect(steps).toEqual([
      'screen starting',
      'connect',
      'screen failed: the disk is full',
      'chose logs',
      'logs',
      'chose retry',
      'screen starting',
      'connect',
      'app',
    ])
  })

  it('quits when the desk chooses Quit', async () => {
    const { d, steps } = deps([new Error('the data folder is locked')], ['quit'])
    await startUp(d)
    expect(steps.slice(-2)).toEqual(['chose quit', 'quit'])
    expect(steps).not.toContain('app')
  })

  it('ends quietly when the start was stopped because the app is quitting', async () => {
    const { d, steps } = deps([new BackendStartError('stopped', 'closed while starting')])
    await startUp(d)
    expect(steps).toEqual(['screen starting', 'connect'])
  })
})

/* global process, setTimeout */
// Stands in for the backend entry in lifecycle tests. It speaks the parent protocol over
// child_process IPC; FAKE_BACKEND picks how it behaves, FAKE_BACKEND_LOG records what happened.
import { appendFileSync } from 'node:fs'

const mode = process.env.FAKE_BACKEND ?? 'ready'
const record = (line) =>
  process.env.FAKE_BACKEND_LOG && appendFileSync(process.env.FAKE_BACKEND_LOG, `${line}\n`)

// Output, as the real backend's logs: the app sends it to its log file.
process.stdout.write(`fake backend: ${mode}\n`)

record(
  `started dataDir=${process.env.INNKEEPER_DATA_DIR} port=${process.env.PORT}` +
    (process.env.INNKEEPER_RESTART_AFTER_SETUP
      ? ` restartAfterSetUp=${process.env.INNKEEPER_RESTART_AFTER_SETUP}`
      : ''),
)

process.on('message', (message) => {
  if (message?.type !== 'shutdown') return
  record('shutdown requested')
  if (mode === 'ignore-shutdown') return
  // The real entry closes its database here before exiting.
  setTimeout(() => {
    record('database closed')
    process.exit(0)
  }, 20)
})

switch (mode) {
  case 'ready':
  case 'ignore-shutdown':
    process.send({ type: 'ready', url: 'http://127.0.0.1:43210/', anonKey: 'anon-key' })
    break
  case 'set-up':
    // A first run: reports the new data folder when its parent restarts it, else as the entry would.
    process.send(
      process.env.INNKEEPER_RESTART_AFTER_SETUP === '1'
        ? { type: 'set-up' }
        : { type: 'ready', url: 'http://127.0.0.1:43211', anonKey: 'anon-key' },
    )
    break
  case 'set-up-always':
    process.send({ type: 'set-up' })
    setTimeout(() => {}, 1_000_000)
    break
  case 'crash-after-ready':
    process.send({ type: 'ready', url: 'http://127.0.0.1:43210', anonKey: 'anon-key' })
    setTimeout(() => process.exit(7), 50)
    break
  case 'error':
    process.send({ type: 'error', message: 'the data folder is locked' })
    setTimeout(() => process.exit(1), 20)
    break
  case 'exit':
    process.exit(3)
    break
  case 'silent':
    // Never answers: keeps running until killed.
    setTimeout(() => {}, 1_000_000)
    break
  case 'garbage':
    process.send({ hello: 'world' })
    setTimeout(() => {}, 1_000_000)
    break
}

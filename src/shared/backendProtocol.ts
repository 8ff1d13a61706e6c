/**
 * What the embedded backend process (src/server/entry.ts) and its parent (src/main/backendProcess.ts)
 * say to each other, over Electron's parentPort or Node's IPC channel.
 */
export type ParentMessage = { type: 'shutdown' }

export type ChildMessage =
  | { type: 'ready'; url: string; anonKey: string }
  | { type: 'error'; message: string }
  // Instead of 'ready' when RESTART_AFTER_SETUP_ENV is '1' and a new data folder was created by initdb
  // (a build without its cluster template): the parent shuts this process down and starts it again.
  | { type: 'set-up' }

/**
 * Set by a parent that starts the backend again after it created a new data folder with initdb: that
 * work leaves the process's memory grown for the rest of the day, and only a fresh process gives it
 * back. A build's backend unpacks its cluster template instead, and answers 'ready' straight away.
 */
export const RESTART_AFTER_SETUP_ENV = 'INNKEEPER_RESTART_AFTER_SETUP'

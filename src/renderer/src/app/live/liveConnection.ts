import type { RealtimeChannel } from '@supabase/supabase-js'
import { supabase, type AppClient } from '../../lib/supabase'
import { LIVE_TABLES, type LiveTable } from './liveQueryKeys'

/**
 * Where the desk's live updates stand: connecting (the first time), live, reconnecting (it was live
 * and the connection dropped; supabase-js is trying again) or offline (no network, or no answer for
 * OFFLINE_AFTER_MS).
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline'

/** After this long without a connection the desk is told it is offline, not merely reconnecting. */
export const OFFLINE_AFTER_MS = 30_000
/** A channel the server closed for good is opened afresh after these waits (then every 10 s). */
export const REOPEN_AFTER_MS = [1_000, 2_000, 5_000, 10_000]

export interface LiveConnectionOptions {
  /** The app's client unless told. */
  client?: Pick<AppClient, 'channel' | 'removeChannel' | 'auth'>
  /** A row of this table was inserted, changed or deleted. */
  onChange: (table: LiveTable) => void
  onStatus: (status: LiveStatus) => void
  /** Live again after a drop: what changed meanwhile is not replayed, so everything is asked again. */
  onResumed: () => void
}

let channelCount = 0

/**
 * The app's one Realtime channel: a `postgres_changes` binding per live table, reporting every change
 * and the connection's state, until it is stopped or the session signs out. supabase-js itself rejoins
 * after a drop and hands the channel a refreshed token (`realtime.setAuth` on TOKEN_REFRESHED); what
 * it does not do is reopen a channel the server closed (an expired token), which this does.
 * Returns the stop function.
 */
export function startLiveConnection({
  client = supabase(),
  onChange,
  onStatus,
  onResumed,
}: LiveConnectionOptions) {
  let channel: RealtimeChannel | undefined
  let isStopped = false
  let isLive = false
  let hasBeenLive = false
  let waitedTooLong = false
  let reopenAttempts = 0
  let offlineTimer: ReturnType<typeof setTimeout> | undefined
  let reopenTimer: ReturnType<typeof setTimeout> | undefined
  let lastStatus: LiveStatus | undefined

  function publish() {
    const status: LiveStatus = isLive
      ? 'live'
      : waitedTooLong || !navigator.onLine
        ? 'offline'
        : hasBeenLive
          ? 'reconnecting'
          : 'connecting'
    if (status === lastStatus) return
    lastStatus = status
    onStatus(status)
  }

  function dropped() {
    isLive = false
    offlineTimer ??= setTimeout(() => {
      waitedTooLong = true
      publish()
    }, OFFLINE_AFTER_MS)
    publish()
  }

  function open() {
    // A name of its own: the channel being removed keeps its name until the server confirms.
    const opened = client.channel(`innkeeper-live-${++channelCount}`)
    for (const table of LIVE_TABLES)
      opened.on('postgres_changes', { event: '*', schema: 'public', table }, () => onChange(table))
    channel = opened.subscribe((state) => {
      if (isStopped || channel !== opened) return
      if (state === 'SUBSCRIBED') {
        if (hasBeenLive && !isLive) onResumed()
        isLive = hasBeenLive = true
        waitedTooLong = false
        reopenAttempts = 0
        clearTimeout(offlineTimer)
        offlineTimer = undefined
        publish()
      } else if (state === 'CLOSED') {
        // Closed by the server (its token expired, its bindings refused): supabase-js has dropped the
        // channel and will not rejoin it.
        channel = undefined
        const wait = REOPEN_AFTER_MS[Math.min(reopenAttempts++, REOPEN_AFTER_MS.length - 1)]
        reopenTimer = setTimeout(open, wait)
        dropped()
      } else dropped() // CHANNEL_ERROR, TIMED_OUT: supabase-js rejoins by itself
    })
  }

  const { data: auth } = client.auth.onAuthStateChange((event) => {
    if (event === 'SIGNED_OUT') stop()
  })
  window.addEventListener('online', publish)
  window.addEventListener('offline', publish)
  publish()
  open()

  function stop() {
    if (isStopped) return
    isStopped = true
    auth.subscription.unsubscribe()
    window.removeEventListener('online', publish)
    window.removeEventListener('offline', publish)
    clearTimeout(offlineTimer)
    clearTimeout(reopenTimer)
    if (channel) void client.removeChannel(channel)
  }
  return stop
}

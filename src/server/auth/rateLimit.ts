import type { BackoffRule, RateLimit } from '../config'

/** Bounds memory when someone sprays many distinct keys. */
const MAX_KEYS = 10_000

/** Maps iterate in insertion order; re-inserting a key on each use makes the first key the stalest. */
function touch<V>(entries: Map<string, V>, key: string, value: V, maxKeys: number): void {
  entries.delete(key)
  entries.set(key, value)
  if (entries.size > maxKeys) {
    const stalest = entries.keys().next().value
    if (stalest !== undefined) entries.delete(stalest)
  }
}

/**
 * Counts recent events (failed sign-ins, sign-ups) per key in a sliding window, in memory. Losing the
 * counts on restart is acceptable: the limit slows guessing and floods down, it is not an audit log.
 */
export class WindowCounter {
  private readonly events = new Map<string, number[]>()

  constructor(
    private readonly rule: RateLimit,
    private readonly now: () => number,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  /** Seconds until another event is allowed, or 0 when the key is under its limit. */
  retryAfter(key: string): number {
    const recent = this.recent(key)
    if (recent.length < this.rule.limit) return 0
    const oldest = recent[recent.length - this.rule.limit]
    return Math.max(1, Math.ceil((oldest + this.rule.windowSeconds * 1000 - this.now()) / 1000))
  }

  record(key: string): void {
    touch(this.events, key, [...this.recent(key), this.now()], this.maxKeys)
  }

  private recent(key: string): number[] {
    const since = this.now() - this.rule.windowSeconds * 1000
    const recent = (this.events.get(key) ?? []).filter((time) => time > since)
    if (recent.length === 0) this.events.delete(key)
    else this.events.set(key, recent)
    return recent
  }
}

/**
 * Exponential back-off per key: after `freeFailures` failures each further one must wait, twice as
 * long as the one before (up to a cap), counted from the last failure. A success resets the key.
 */
export class FailureBackoff {
  private readonly failures = new Map<string, { count: number; lastAt: number }>()

  constructor(
    private readonly rule: BackoffRule,
    private readonly now: () => number,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  /** Seconds until another attempt is allowed, or 0. */
  retryAfter(key: string): number {
    const entry = this.current(key)
    if (!entry || entry.count < this.rule.freeFailures) return 0
    const delaySeconds = Math.min(
      this.rule.maxDelaySeconds,
      this.rule.firstDelaySeconds * 2 ** (entry.count - this.rule.freeFailures),
    )
    const left = entry.lastAt + delaySeconds * 1000 - this.now()
    return left > 0 ? Math.ceil(left / 1000) : 0
  }

  record(key: string): void {
    const count = (this.current(key)?.count ?? 0) + 1
    touch(this.failures, key, { count, lastAt: this.now() }, this.maxKeys)
  }

  reset(key: string): void {
    this.failures.delete(key)
  }

  private current(key: string) {
    const entry = this.failures.get(key)
    if (entry && this.now() - entry.lastAt > this.rule.forgetAfterSeconds * 1000) {
      this.failures.delete(key)
      return undefined
    }
    return entry
  }
}

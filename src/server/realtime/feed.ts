import { asServiceRole, type RequestClaims } from '../db/requestContext'
import type { Database } from '../db/types'
import type { Logger } from '../http/log'
import { rowMatches } from './filters'
import type { ChangeType, Subscriber, SubscriberIndex } from './subscribers'
import type { PublishedTable, PublishedTables } from './tables'
import { visibleRows } from './visibility'

/** The channel the migration's trigger notifies on (…_realtime.sql). */
export const CHANGES_CHANNEL = 'innkeeper_realtime'
/** Notifications handled together: one visibility check per subscriber group and table for all. */
const BATCH_MAX = 200
/**
 * Notifications waiting past this mean the feed cannot keep up (a bulk import with subscribers on):
 * rather than queue without end or drop changes silently, the waiting ones are dropped and every
 * socket closed, so clients reconnect and read afresh.
 */
const QUEUE_MAX = 20_000

/** A notification as the trigger sends it. */
interface Notification {
  t: string
  o: ChangeType
  k: Record<string, unknown>
  r?: Record<string, unknown>
  x?: Record<string, unknown>
}

interface Change {
  table: PublishedTable
  type: ChangeType
  key: Record<string, unknown>
  /** The new row (INSERT, UPDATE); read after commit when it did not fit in the notification. */
  record: Record<string, unknown> | undefined
  /** The old row (DELETE) when it fitted in the notification: the policies are evaluated on it. */
  oldRow: Record<string, unknown> | undefined
  committedAt: string
}

interface Delivery {
  change: Change
  subscriber: Subscriber
  ids: number[]
}

export interface ChangeFeedOptions {
  db: Database
  tables: PublishedTables
  subscribers: SubscriberIndex
  logger: Logger
  now: () => number
  /** The feed fell behind and dropped changes: every client must start over. */
  onOverflow(): void
}

/**
 * Changes from the database (LISTEN on the trigger's channel), in commit order, to the subscribers
 * whose bindings match and whose row level security lets them see the row.
 */
export class ChangeFeed {
  readonly #options: ChangeFeedOptions
  #queue: { payload: string; at: number }[] = []
  #draining: Promise<void> | undefined
  #stop: (() => Promise<void>) | undefined

  constructor(options: ChangeFeedOptions) {
    this.#options = options
  }

  async start(): Promise<void> {
    this.#stop = await this.#options.db.listen(CHANGES_CHANNEL, (payload) => this.#receive(payload))
  }

  async stop(): Promise<void> {
    await this.#stop?.()
    this.#stop = undefined
    this.#queue = []
    await this.#draining
  }

  /** Resolves once every change received so far was delivered (tests, bench). */
  settled(): Promise<void> {
    return this.#draining ?? Promise.resolve()
  }

  #receive(payload: string): void {
    // Nobody listens: nothing to do, not even parsing.
    if (this.#options.subscribers.empty) return
    this.#queue.push({ payload, at: this.#options.now() })
    if (this.#queue.length > QUEUE_MAX) {
      this.#queue = []
      this.#options.logger.info('realtime fell behind; clients reconnect', { dropped: QUEUE_MAX })
      this.#options.onOverflow()
      return
    }
    this.#draining ??= this.#drain().finally(() => {
      this.#draining = undefined
    })
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, BATCH_MAX)
      try {
        await this.#dispatch(batch)
      } catch (error) {
        this.#options.logger.error('realtime could not deliver changes', error)
      }
    }
  }

  async #dispatch(batch: { payload: string; at: number }[]): Promise<void> {
    const changes = await this.#changesOf(batch)
    const deliveries: Delivery[] = []
    for (const change of changes) {
      for (const subscriber of this.#options.subscribers.forTable(change.table.name)) {
        const ids = matchingIds(subscriber, change)
        if (ids.length > 0) deliveries.push({ change, subscriber, ids })
      }
    }
    const visible = await this.#visibility(deliveries)
    const frames = new FrameCache()
    for (const delivery of deliveries) {
      if (!visible.has(delivery)) continue
      delivery.subscriber.send(frames.frame(delivery))
    }
  }

  async #changesOf(batch: { payload: string; at: number }[]): Promise<Change[]> {
    const changes: Change[] = []
    for (const { payload, at } of batch) {
      let note: Notification
      try {
        note = JSON.parse(payload) as Notification
      } catch {
        continue
      }
      const table = await this.#options.tables.get(note.t)
      if (!table) continue
      if (note.r && !sameColumns(table, note.r)) this.#options.tables.invalidate()
      changes.push({
        table,
        type: note.o,
        key: note.k,
        record: note.o === 'DELETE' ? undefined : note.r,
        oldRow: note.x,
        committedAt: new Date(at).toISOString(),
      })
    }
    await this.#readMissingRecords(changes.filter((change) => change.type !== 'DELETE' && !change.record))
    return changes
  }

  /** Rows too big for a notification, read after commit (a row deleted since is sent as its key). */
  async #readMissingRecords(changes: Change[]): Promise<void> {
    for (const change of changes) {
      const { table } = change
      const columns = table.primaryKey.map((column, i) => `t."${column.replace(/"/g, '""')}" = $${i + 1}`)
      const { rows } = await asServiceRole(this.#options.db, (tx) =>
        tx.query<{ row: Record<string, unknown> }>(
          `select to_jsonb(t) as row from public."${table.name.replace(/"/g, '""')}" t where ${columns.join(' and ')}`,
          table.primaryKey.map((column) => change.key[column]),
        ),
      )
      change.record = rows[0]?.row ?? change.key
    }
  }

  /** The deliveries row level security allows: one check per group of like claims and table. */
  async #visibility(deliveries: Delivery[]): Promise<Set<Delivery>> {
    const groups = new Map<string, { claims: RequestClaims; table: PublishedTable; deliveries: Delivery[] }>()
    for (const delivery of deliveries) {
      const key = `${delivery.subscriber.claimsKey}\u0000${delivery.change.table.name}`
      let group = groups.get(key)
      if (!group) {
        group = { claims: delivery.subscriber.claims, table: delivery.change.table, deliveries: [] }
        groups.set(key, group)
      }
      group.deliveries.push(delivery)
    }
    const visible = new Set<Delivery>()
    await Promise.all(
      [...groups.values()].map(async (group) => {
        // One check per distinct change of the group, however many of its subscribers want it.
        const changes = [...new Set(group.deliveries.map((delivery) => delivery.change))]
        const seen = await visibleRows(
          this.#options.db,
          group.table,
          group.claims,
          changes.map((change) => (change.type === 'DELETE' ? change.oldRow : change.record) ?? change.key),
        )
        const seenChanges = new Set([...seen].map((index) => changes[index]))
        for (const delivery of group.deliveries) if (seenChanges.has(delivery.change)) visible.add(delivery)
      }),
    )
    return visible
  }
}

/** The subscriber's binding ids this change matches: table, event and filters (contract §6.3, §8). */
function matchingIds(subscriber: Subscriber, change: Change): number[] {
  const ids: number[] = []
  for (const binding of subscriber.bindings) {
    if (binding.table !== undefined && binding.table !== change.table.name) continue
    if (binding.event !== undefined && binding.event !== change.type) continue
    // DELETE: the old identity is the primary key, so only filters on key columns can match.
    const row = change.type === 'DELETE' ? change.key : change.record
    if (binding.filters.length > 0 && !(row && rowMatches(binding.filters, row, change.table.columnTypes)))
      continue
    if (!ids.includes(binding.id)) ids.push(binding.id)
  }
  return ids
}

function sameColumns(table: PublishedTable, row: Record<string, unknown>): boolean {
  const names = Object.keys(row)
  return names.length === table.columnTypes.size && names.every((name) => table.columnTypes.has(name))
}

/** Encodes each change's data once per role (columns a role may not select are left out). */
class FrameCache {
  readonly #data = new Map<Change, Map<string, string>>()

  frame({ change, subscriber, ids }: Delivery): string {
    let byRole = this.#data.get(change)
    if (!byRole) this.#data.set(change, (byRole = new Map()))
    const role = subscriber.claims.role
    let data = byRole.get(role)
    if (data === undefined) byRole.set(role, (data = JSON.stringify(eventData(change, role))))
    return `[null,null,${JSON.stringify(subscriber.topic)},"postgres_changes",{"ids":${JSON.stringify(ids)},"data":${data}}]`
  }
}

/** The `data` of a postgres_changes frame (contract §6.2). */
function eventData(change: Change, role: string): Record<string, unknown> {
  const { table } = change
  const selectable = table.selectable[role] ?? new Set<string>()
  const pick = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).filter(([name]) => selectable.has(name)))
  const data: Record<string, unknown> = {
    schema: 'public',
    table: table.name,
    commit_timestamp: change.committedAt,
    type: change.type,
    columns: [...table.columnTypes]
      .filter(([name]) => selectable.has(name))
      .map(([name, type]) => ({ name, type })),
  }
  if (change.type !== 'DELETE') data.record = pick(change.record ?? change.key)
  if (change.type !== 'INSERT') data.old_record = pick(change.key)
  data.errors = null
  return data
}

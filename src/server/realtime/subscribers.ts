import type { RequestClaims } from '../db/requestContext'
import type { Filter } from './filters'

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE'

/** One postgres_changes entry of a join, as accepted: its id and what it selects. */
export interface Binding {
  id: number
  /** undefined = every event (`*` or anything Realtime does not know). */
  event: ChangeType | undefined
  /** undefined = every published table of schema public. */
  table: string | undefined
  filters: Filter[]
}

/** A joined channel whose bindings are live: what the change feed delivers to. */
export interface Subscriber {
  topic: string
  claims: RequestClaims
  /** claimsKey(claims): subscribers with the same key share one visibility check per change. */
  claimsKey: string
  bindings: Binding[]
  /** Sends an encoded frame on the channel's socket (or drops the socket, see RealtimeSocket). */
  send(frame: string): void
}

const EVERY_TABLE = '*'

/** The live subscribers by table, so a change looks only at those that may want it. */
export class SubscriberIndex {
  readonly #byTable = new Map<string, Set<Subscriber>>()

  add(subscriber: Subscriber): void {
    for (const table of tablesOf(subscriber)) {
      let set = this.#byTable.get(table)
      if (!set) this.#byTable.set(table, (set = new Set()))
      set.add(subscriber)
    }
  }

  remove(subscriber: Subscriber): void {
    for (const table of tablesOf(subscriber)) {
      const set = this.#byTable.get(table)
      set?.delete(subscriber)
      if (set?.size === 0) this.#byTable.delete(table)
    }
  }

  get empty(): boolean {
    return this.#byTable.size === 0
  }

  /** Every subscriber with a binding on this table (or on every table). */
  forTable(table: string): Subscriber[] {
    return [...new Set([...(this.#byTable.get(table) ?? []), ...(this.#byTable.get(EVERY_TABLE) ?? [])])]
  }
}

function tablesOf(subscriber: Subscriber): Set<string> {
  return new Set(subscriber.bindings.map((binding) => binding.table ?? EVERY_TABLE))
}

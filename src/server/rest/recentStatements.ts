/**
 * Statements the REST layer built for recent requests, by everything that shapes them (never by
 * values that only travel as bind parameters). A request of a shape seen before skips parsing,
 * planning and writing SQL, and sends the same text, which the database keeps prepared. Past `max`
 * the least recently used shape is dropped.
 */
export class RecentStatements<T> {
  /** In order of last use: Map keeps insertion order and every use re-inserts. */
  readonly #byShape = new Map<string, T>()
  readonly #max: number

  constructor(max: number) {
    this.#max = max
  }

  /** The statement built for `shape`, building it on first use. */
  get(shape: string, build: () => T): T {
    const hit = this.#byShape.get(shape)
    if (hit !== undefined) {
      this.#byShape.delete(shape)
      this.#byShape.set(shape, hit)
      return hit
    }
    const built = build()
    this.#byShape.set(shape, built)
    if (this.#byShape.size > this.#max) this.#byShape.delete(this.#byShape.keys().next().value as string)
    return built
  }
}

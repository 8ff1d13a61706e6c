/**
 * Bounds on what one REST request may ask for. PostgREST itself has few of these (a proxy in front
 * usually cuts long URLs and bodies); the embedded backend faces a local network directly, so it
 * refuses oversized input with a 4xx before parsing it instead of letting it reach Postgres.
 */

/** Supabase's `db-max-rows`: every read returns at most this many rows, counts still report the total. */
export const MAX_ROWS = 1000

/**
 * Longer query strings are refused (nginx, in front of hosted PostgREST, cuts URLs at 8-16 KiB). Below
 * Node's 16 KiB header limit, so the answer is ours (400 in PostgREST's shape) rather than Node's 431.
 */
export const MAX_QUERY_LENGTH = 12 * 1024

/**
 * Nesting of embedded resources in `select` (bookings → cabins → … ). The app embeds one level; a
 * chain that walks back and forth (cabins → bookings → cabins → …) multiplies rows at every step.
 */
export const MAX_SELECT_DEPTH = 4

/**
 * The most rows one read may produce, counted before it runs: every level's limit (db-max-rows when
 * none is asked for) times the limits of the to-many levels above it, summed. One page with one
 * to-many embed fits (1000 + 1000 × 1000); a second unbounded to-many level does not, and must ask
 * for a smaller `limit` on some level. PGlite cannot cancel a statement (no statement_timeout), so this
 * is what keeps one request from building a response of gigabytes and stalling every desk.
 */
export const MAX_RESPONSE_ROWS = MAX_ROWS + MAX_ROWS * MAX_ROWS

/** Items in one `select`, counted over every level. */
export const MAX_SELECT_ITEMS = 300

/** Filter conditions of one request, counting every leaf of `or`/`and` trees. */
export const MAX_FILTERS = 100

/** Depth of nested `or(…)`/`and(…)` trees. */
export const MAX_LOGIC_DEPTH = 10

/** Arrows of one JSON path (`data->a->b`). */
export const MAX_JSON_PATH_STEPS = 32

/** Elements of one `in.(…)` list. */
export const MAX_IN_LIST = 1000

/** Objects in one bulk insert. */
export const MAX_INSERT_ROWS = 10000

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

/** Nesting of embedded resources in `select` (bookings → cabins → … ). */
export const MAX_SELECT_DEPTH = 8

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

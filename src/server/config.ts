/**
 * Limits and lifetimes of the embedded backend, in one place so tests and docs can name them.
 * Values copy the Supabase CLI defaults unless a comment says why they differ.
 */

/** Access tokens live one hour like Supabase's; auth-js refreshes 90 s before expiry. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600

/** A revoked refresh token may be presented again for this long (GoTrue `refresh_token_reuse_interval`). */
export const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10

/** Allowed clock difference when checking `exp`/`nbf`, as PostgREST does. */
export const JWT_CLOCK_SKEW_SECONDS = 30

/** Anon and service keys are derived from a fixed issue time, so they must outlive any install. */
export const API_KEY_TTL_SECONDS = 100 * 365 * 24 * 3600

/** JSON bodies of /rest and /auth. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024

/**
 * JSON bodies nested deeper than this are refused unparsed (GoTrue's bad_json, PostgREST's PGRST102):
 * far beyond any real payload, far below the depth where a recursive walk of the value (in Node or in
 * Postgres) runs out of stack.
 */
export const MAX_JSON_DEPTH = 512

/** No upload may exceed this, whatever a bucket's own limit says. */
export const UPLOAD_HARD_LIMIT_BYTES = 10 * 1024 * 1024

/** Room for multipart boundaries and form fields around an upload of the hard limit. */
export const UPLOAD_BODY_OVERHEAD_BYTES = 64 * 1024

/**
 * GoTrue's default minimum. The product asks for 8 characters, which the UI enforces with its own
 * message; the server keeps Supabase's rule so the app behaves the same against a hosted project.
 */
export const PASSWORD_MIN_LENGTH = 6

/** bcrypt only reads the first 72 bytes, so GoTrue refuses longer passwords. */
export const PASSWORD_MAX_LENGTH = 72

export const BCRYPT_COST = 10

export interface RateLimit {
  limit: number
  windowSeconds: number
}

export interface BackoffRule {
  /** Failures allowed before the first wait. */
  freeFailures: number
  /** The first wait; each further failure doubles it, up to maxDelaySeconds. */
  firstDelaySeconds: number
  maxDelaySeconds: number
  /** A key with no failure for this long starts over. */
  forgetAfterSeconds: number
}

/**
 * How auth slows guessing and floods down (answers 429 `over_request_rate_limit`, in memory).
 * Nothing counts per email alone: anyone can type someone else's email, and a lock on it would let
 * a stranger anywhere refuse the real user's correct password.
 * - Failed password sign-ins per address and email: a few free, then a wait that doubles.
 * - Failed password sign-ins per address, whatever the email: stops one machine trying many
 *   accounts. High, because in web mode every desk behind one proxy shares an address.
 * - Sign-ups per address: GoTrue's `sign_in_sign_ups` default (30 per 5 minutes per IP).
 */
export interface AuthRateLimits {
  signInFailuresPerAddressAndEmail: BackoffRule
  signInFailuresPerAddress: RateLimit
  signUpsPerAddress: RateLimit
}

export const AUTH_RATE_LIMITS: AuthRateLimits = {
  signInFailuresPerAddressAndEmail: {
    freeFailures: 5,
    firstDelaySeconds: 2,
    maxDelaySeconds: 15 * 60,
    forgetAfterSeconds: 60 * 60,
  },
  signInFailuresPerAddress: { limit: 50, windowSeconds: 15 * 60 },
  signUpsPerAddress: { limit: 30, windowSeconds: 5 * 60 },
}

/**
 * Per-request statement timeout by role, as Supabase sets it (`alter role anon set statement_timeout =
 * '3s'`, authenticated and authenticator 8 s; service_role requests keep the authenticator's 8 s).
 * PostgreSQL cancels a statement past it with 57014; PGlite cannot interrupt a running statement.
 */
export const STATEMENT_TIMEOUT_MS = { anon: 3000, authenticated: 8000, service_role: 8000 } as const

/** Graceful close waits this long for in-flight requests before cutting connections. */
export const CLOSE_GRACE_MS = 10_000

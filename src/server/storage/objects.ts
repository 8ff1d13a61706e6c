import { createHash, randomUUID } from 'node:crypto'
import { UPLOAD_HARD_LIMIT_BYTES } from '../config'
import type { Database, Queryable } from '../db/types'
import { withRequestRole, type RequestClaims } from '../db/requestContext'
import { bucketNotFound, fromDatabaseError, invalidMimeType, objectNotFound, tooLarge } from './errors'
import type { FileStore } from './fileStore'
import { sniffImageType } from './sniff'

export interface BucketRow {
  id: string
  public: boolean | null
  file_size_limit: number | string | null
  allowed_mime_types: string[] | null
}

export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

export interface ObjectRow {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  version: string | null
  metadata: ObjectMetadata | null
  user_metadata: unknown
  created_at: Date | string | null
  updated_at: Date | string | null
  last_accessed_at: Date | string | null
}

/** Bucket settings are read as the server itself, as storage-api does; only object rows go through RLS. */
export async function findBucket(db: Queryable, bucketId: string): Promise<BucketRow> {
  const { rows } = await db.query<BucketRow>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [bucketId],
  )
  if (!rows[0]) throw bucketNotFound()
  return rows[0]
}

function typeAllowed(bucket: BucketRow, type: string): boolean {
  const allowed = bucket.allowed_mime_types
  if (!allowed || allowed.length === 0) return true
  return allowed.some((pattern) =>
    pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : pattern.toLowerCase() === type,
  )
}

/**
 * The bucket's size and type rules, and the rule of this app that every stored file is a real image:
 * the type is taken from the bytes, so an HTML page or an SVG named .png never gets in. A declared
 * type is checked too (as Supabase does), except the generic one browsers send for untyped blobs.
 */
export function checkUpload(bucket: BucketRow, bytes: Uint8Array, declaredType: string): string {
  const bucketLimit = bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit)
  if (bytes.length > Math.min(bucketLimit, UPLOAD_HARD_LIMIT_BYTES)) throw tooLarge()
  const generic = declaredType === '' || declaredType === 'application/octet-stream'
  if (!generic && !typeAllowed(bucket, declaredType)) {
    throw invalidMimeType(`mime type ${declaredType} is not supported`)
  }
  const actualType = sniffImageType(bytes)
  if (!actualType || !typeAllowed(bucket, actualType)) {
    throw invalidMimeType(
      `mime type ${generic ? 'of the file' : declaredType} is not supported: the content is not a JPEG, PNG, GIF or WebP image`,
    )
  }
  return actualType
}

export interface NewObject {
  bucketId: string
  name: string
  bytes: Uint8Array
  mimetype: string
  cacheControl: string
  upsert: boolean
  nowMs: number
}

/**
 * Inserts (or with upsert replaces) the object row and writes its bytes, in one transaction run as
 * `write`'s role. The insert comes first, so row level security refuses before anything touches the
 * disk; the bytes are written before commit, so a failed write leaves no row; a failed commit
 * removes the bytes again. Replaced bytes are deleted only once the new row is committed.
 */
export async function storeObject(
  files: FileStore,
  run: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>,
  object: NewObject,
  owner: string | undefined,
): Promise<{ id: string }> {
  const version = randomUUID()
  const now = new Date(object.nowMs).toISOString()
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(object.bytes).digest('hex')}"`,
    size: object.bytes.length,
    mimetype: object.mimetype,
    cacheControl: object.cacheControl,
    lastModified: now,
    contentLength: object.bytes.length,
    httpStatusCode: 200,
  }
  let wroteFile = false
  try {
    const { id, previousVersion } = await run(async (tx) => {
      const previous = object.upsert
        ? (
            await tx.query<{ version: string | null }>(
              'select version from storage.objects where bucket_id = $1 and name = $2',
              [object.bucketId, object.name],
            )
          ).rows[0]
        : undefined
      const id = await insertObjectRow(
        tx,
        { bucketId: object.bucketId, name: object.name, owner, metadata, version, now },
        object.upsert,
      )
      wroteFile = true
      await files.write(object.bucketId, version, object.bytes)
      return { id, previousVersion: previous?.version }
    })
    if (previousVersion) await files.remove(object.bucketId, previousVersion).catch(() => {})
    return { id }
  } catch (error) {
    if (wroteFile) await files.remove(object.bucketId, version).catch(() => {})
    throw fromDatabaseError(error) ?? error
  }
}

interface ObjectRowValues {
  bucketId: string
  name: string
  owner: string | undefined
  metadata: ObjectMetadata | null
  version: string | null
  now: string
}

/** The row of an upload; with upsert an existing row of that name is taken over (RLS checks both ways). */
async function insertObjectRow(tx: Queryable, row: ObjectRowValues, upsert: boolean): Promise<string> {
  const conflict = upsert
    ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
         metadata = excluded.metadata, version = excluded.version, updated_at = excluded.updated_at,
         last_accessed_at = excluded.last_accessed_at`
    : ''
  const { rows } = await tx.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, created_at, updated_at,
       last_accessed_at)
     values ($1, $2, $3::uuid, $4, $5::jsonb, $6, $7::timestamptz, $7::timestamptz, $7::timestamptz)
     ${conflict}
     returning id`,
    [
      row.bucketId,
      row.name,
      row.owner ?? null,
      row.owner ?? null,
      row.metadata && JSON.stringify(row.metadata),
      row.version,
      row.now,
    ],
  )
  return rows[0].id
}

/** Thrown inside a trial transaction to roll it back. */
const TRIAL_DONE = Symbol('trial done')

/**
 * storage-api's `canUpload`: the row an upload would write is inserted and rolled back, so row level
 * security (and a name already taken without upsert) refuses the upload before its body is read.
 */
export async function checkMayUpload(
  run: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>,
  target: { bucketId: string; name: string; upsert: boolean; nowMs: number },
  owner: string | undefined,
): Promise<void> {
  const row = { ...target, owner, metadata: null, version: null, now: new Date(target.nowMs).toISOString() }
  try {
    await run(async (tx) => {
      await insertObjectRow(tx, row, target.upsert)
      throw TRIAL_DONE
    })
  } catch (error) {
    if (error !== TRIAL_DONE) throw fromDatabaseError(error) ?? error
  }
}

/** Runs fn as the request's role with its claims, so storage.objects policies apply. */
export function asCaller(db: Database, claims: RequestClaims) {
  return <T>(fn: (tx: Queryable) => Promise<T>) => withRequestRole(db, claims, fn)
}

/** Runs fn as the server itself (seed, public reads): no role switch, no RLS. */
export function asServer(db: Database) {
  return <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction(fn)
}

export async function findObject(tx: Queryable, bucketId: string, name: string): Promise<ObjectRow> {
  const { rows } = await tx.query<ObjectRow>(
    'select * from storage.objects where bucket_id = $1 and name = $2',
    [bucketId, name],
  )
  if (!rows[0]) throw objectNotFound()
  return rows[0]
}

/** DELETE by exact names (contract 4.4); returns the rows RLS let the caller delete. */
export async function deleteObjects(
  files: FileStore,
  run: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>,
  bucketId: string,
  names: string[],
): Promise<ObjectRow[]> {
  const rows = await run(async (tx) => {
    const result = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at,
         last_accessed_at`,
      [bucketId, names],
    )
    return result.rows
  }).catch((error: unknown) => {
    throw fromDatabaseError(error) ?? error
  })
  // After commit: a crash in between leaves an orphan file, never a row without its bytes.
  await Promise.all(rows.map((row) => files.remove(bucketId, row.version).catch(() => {})))
  return rows
}

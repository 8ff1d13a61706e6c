import { JSON_BODY_LIMIT_BYTES, UPLOAD_BODY_OVERHEAD_BYTES, UPLOAD_HARD_LIMIT_BYTES } from '../config'
import type { Database } from '../db/types'
import type { ServiceMount } from '../http/app'
import { STORED_OBJECT_SECURITY_HEADERS } from '../http/headers'
import { jsonResponse } from '../http/json'
import type { Logger } from '../http/log'
import type { ApiRequest, ApiResponse, ServiceContext } from '../http/types'
import {
  StorageError,
  internalStorageError,
  invalidRequest,
  objectNotFound,
  bucketNotFound,
  storageErrorResponse,
  tooLarge,
  unauthorized,
} from './errors'
import { FileStore } from './fileStore'
import { parseObjectPath, validateKey } from './objectKey'
import {
  asCaller,
  asServer,
  checkMayUpload,
  checkUpload,
  deleteObjects,
  findBucket,
  findObject,
  storeObject,
  type ObjectRow,
} from './objects'
import { readUploadedFile } from './uploadBody'

export interface StorageServiceOptions {
  dataDir: string
  now(): number
  logger: Logger
}

export interface StorageService extends ServiceMount {
  /** Stores a file as the server (no RLS), for the demo seed; the same image checks apply. */
  putObject(db: Database, bucketId: string, name: string, bytes: Uint8Array, mimetype: string): Promise<void>
  /** Defers deleting stored bytes until the returned release is called (for consistent backups). */
  holdRemovals(): () => Promise<void>
}

/** The Storage subset of contract 4, mounted at /storage/v1. */
export function createStorageService(options: StorageServiceOptions): StorageService {
  const files = new FileStore(options.dataDir)

  /** Storage verifies a JWT on every route but the public one (contract 1.3); the gateway's apikey mapping counts. */
  function requireJwt(req: ApiRequest, ctx: ServiceContext): void {
    if (ctx.caller.jwtError) throw unauthorized(ctx.caller.jwtError.message)
    if (!req.headers.authorization && !req.headers.apikey) {
      throw unauthorized("headers must have required property 'authorization'")
    }
  }

  /** Who may upload what where, settled before the body is read (the router calls it as `admit`). */
  async function admitUpload(req: ApiRequest, ctx: ServiceContext, segments: string[]): Promise<void> {
    requireJwt(req, ctx)
    const { bucketId, key } = parseObjectPath(segments)
    await findBucket(ctx.db, bucketId)
    await checkMayUpload(
      asCaller(ctx.db, ctx.caller.claims),
      { bucketId, name: key, upsert: isUpsert(req), nowMs: options.now() },
      ctx.caller.claims.sub,
    )
  }

  async function upload(req: ApiRequest, ctx: ServiceContext, segments: string[]): Promise<ApiResponse> {
    requireJwt(req, ctx)
    const { bucketId, key } = parseObjectPath(segments)
    const bucket = await findBucket(ctx.db, bucketId)
    const file = await readUploadedFile(req)
    const mimetype = checkUpload(bucket, file.bytes, file.declaredType)
    const upsert = isUpsert(req)
    const { id } = await storeObject(
      files,
      asCaller(ctx.db, ctx.caller.claims),
      {
        bucketId,
        name: key,
        bytes: file.bytes,
        mimetype,
        cacheControl: file.cacheControl,
        upsert,
        nowMs: options.now(),
      },
      ctx.caller.claims.sub,
    )
    return jsonResponse(200, { Key: `${bucketId}/${key}`, Id: id })
  }

  async function publicObject(
    req: ApiRequest,
    ctx: ServiceContext,
    segments: string[],
  ): Promise<ApiResponse> {
    const { bucketId, key } = parseObjectPath(segments)
    const bucket = await findBucket(ctx.db, bucketId).catch((error: unknown) => {
      if (error instanceof StorageError) return undefined
      throw error
    })
    // A private bucket is answered exactly like a missing one, so its existence is not revealed.
    if (!bucket?.public) throw bucketNotFound()
    const row = await findObject(ctx.db, bucketId, key)
    return objectResponse(req, row)
  }

  async function authenticatedObject(req: ApiRequest, ctx: ServiceContext, segments: string[]) {
    requireJwt(req, ctx)
    const { bucketId, key } = parseObjectPath(segments)
    const row = await asCaller(ctx.db, ctx.caller.claims)((tx) => findObject(tx, bucketId, key))
    return objectResponse(req, row)
  }

  async function objectResponse(req: ApiRequest, row: ObjectRow): Promise<ApiResponse> {
    const bytes = row.version ? await files.read(row.bucket_id, row.version) : undefined
    if (!bytes) throw objectNotFound()
    const metadata = row.metadata
    const etag = metadata?.eTag ?? ''
    const lastModified = new Date(metadata?.lastModified ?? row.updated_at ?? 0)
    const download = new URLSearchParams(req.rawQuery).get('download')
    const fileName = (download || row.name.split('/').pop() || 'file').replace(/[^\w.() -]/g, '_')
    const headers: Record<string, string> = {
      'Content-Type': metadata?.mimetype ?? 'application/octet-stream',
      'Cache-Control': metadata?.cacheControl ?? 'no-cache',
      ETag: etag,
      'Last-Modified': lastModified.toUTCString(),
      'X-Robots-Tag': 'none',
      'Content-Disposition': `${download === null ? 'inline' : 'attachment'}; filename="${fileName}"`,
      ...STORED_OBJECT_SECURITY_HEADERS,
    }
    if (isNotModified(req, etag, lastModified)) return { status: 304, headers }
    return { status: 200, headers: { ...headers, 'Content-Length': String(bytes.length) }, body: bytes }
  }

  async function remove(req: ApiRequest, ctx: ServiceContext, bucketSegment: string): Promise<ApiResponse> {
    requireJwt(req, ctx)
    let bucketId: string
    try {
      bucketId = decodeURIComponent(bucketSegment)
    } catch {
      throw bucketNotFound()
    }
    const prefixes = prefixesOf(req.body)
    const rows = await deleteObjects(files, asCaller(ctx.db, ctx.caller.claims), bucketId, prefixes)
    return jsonResponse(200, rows)
  }

  /** Storage's own error shape for what the routes throw; anything else is a bug, logged. */
  function errorAnswer(error: unknown): ApiResponse {
    if (error instanceof StorageError) return storageErrorResponse(error)
    options.logger.error('storage request failed', error)
    return storageErrorResponse(internalStorageError())
  }

  async function route(req: ApiRequest, ctx: ServiceContext): Promise<ApiResponse> {
    const segments = req.path.split('/').slice(1)
    const [area, ...rest] = segments
    if (area !== 'object' || rest.length === 0) throw new StorageError(404, 'not_found', 'Route not found')
    const isRead = req.method === 'GET' || req.method === 'HEAD'
    if (isRead && rest[0] === 'public' && rest.length >= 3) return await publicObject(req, ctx, rest.slice(1))
    if (isRead && rest[0] === 'authenticated' && rest.length >= 3) {
      return await authenticatedObject(req, ctx, rest.slice(1))
    }
    if (isRead && rest.length >= 2) return await authenticatedObject(req, ctx, rest)
    const uploadTo = uploadSegments(req)
    if (uploadTo) return await upload(req, ctx, uploadTo)
    if (req.method === 'DELETE' && rest.length === 1) return await remove(req, ctx, rest[0])
    if (req.method === 'DELETE' && rest.length >= 2) {
      const { bucketId, key } = parseObjectPath(rest)
      requireJwt(req, ctx)
      const deleted = await deleteObjects(files, asCaller(ctx.db, ctx.caller.claims), bucketId, [key])
      if (deleted.length === 0) throw objectNotFound()
      return jsonResponse(200, { message: 'Successfully deleted' })
    }
    throw new StorageError(404, 'not_found', 'Route not found')
  }

  return {
    prefix: '/storage/v1',
    requireApiKey: false,
    body: (method) =>
      method === 'POST' || method === 'PUT'
        ? { limit: UPLOAD_HARD_LIMIT_BYTES + UPLOAD_BODY_OVERHEAD_BYTES, json: false }
        : { limit: JSON_BODY_LIMIT_BYTES, json: true },
    errors: {
      tooLarge: () => storageErrorResponse(tooLarge()),
      invalidJson: () => storageErrorResponse(invalidRequest('Body is not valid JSON')),
      internal: () => storageErrorResponse(internalStorageError()),
    },
    async admit(req, ctx) {
      const uploadTo = uploadSegments(req)
      if (!uploadTo) return undefined
      try {
        await admitUpload(req, ctx, uploadTo)
        return undefined
      } catch (error) {
        return errorAnswer(error)
      }
    },
    handler: (req, ctx) => route(req, ctx).catch(errorAnswer),
    holdRemovals: () => files.holdRemovals(),
    async putObject(db, bucketId, name, bytes, mimetype) {
      const bucket = await findBucket(db, bucketId)
      const actualType = checkUpload(bucket, bytes, mimetype)
      await storeObject(
        files,
        asServer(db),
        {
          bucketId,
          name: validateKey(name),
          bytes,
          mimetype: actualType,
          cacheControl: 'max-age=3600',
          upsert: true,
          nowMs: options.now(),
        },
        undefined,
      )
    },
  }
}

/** The object path of an upload route (POST or PUT /object/<bucket>/<name…>), else undefined. */
function uploadSegments(req: ApiRequest): string[] | undefined {
  if (req.method !== 'POST' && req.method !== 'PUT') return undefined
  const [area, ...rest] = req.path.split('/').slice(1)
  return area === 'object' && rest.length >= 2 ? rest : undefined
}

/** supabase-js sends x-upsert on POST; PUT (update) always replaces. */
const isUpsert = (req: ApiRequest) => req.method === 'PUT' || req.headers['x-upsert'] === 'true'

/** `{"prefixes": [...]}` with at least one name, as storage-api's schema demands. */
function prefixesOf(body: Buffer): string[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    throw invalidRequest('Body is not valid JSON')
  }
  const prefixes = (parsed as { prefixes?: unknown } | null)?.prefixes
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000) {
    throw invalidRequest('body/prefixes must be an array of 1 to 1000 object names')
  }
  if (!prefixes.every((name) => typeof name === 'string'))
    throw invalidRequest('body/prefixes must hold strings')
  // No object can have a name that is not a valid key (uploads check it), so such names match nothing;
  // one with a NUL byte would otherwise reach Postgres, which refuses it with a server error.
  return prefixes.filter(isValidKey)
}

function isValidKey(name: string): boolean {
  try {
    validateKey(name)
    return true
  } catch {
    return false
  }
}

function isNotModified(req: ApiRequest, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = req.headers['if-none-match']
  if (ifNoneMatch) {
    const tags = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''))
    return tags.includes('*') || (etag !== '' && tags.includes(etag))
  }
  const ifModifiedSince = Date.parse(req.headers['if-modified-since'] ?? '')
  return (
    Number.isFinite(ifModifiedSince) && Math.floor(lastModified.getTime() / 1000) * 1000 <= ifModifiedSince
  )
}

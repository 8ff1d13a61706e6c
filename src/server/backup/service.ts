import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { BACKUPS_PATH, type BackupStatus } from '@shared/backups'
import { JSON_BODY_LIMIT_BYTES } from '../config'
import { withRequestRole } from '../db/requestContext'
import type { ServiceMount } from '../http/app'
import { jsonResponse } from '../http/json'
import type { ApiRequest, ServiceContext } from '../http/types'
import { errorResponse, internalError, invalidBody, jwtError, RestError, bodyTooLarge } from '../rest/errors'
import { listBackups } from './names'
import type { BackupSchedule } from './schedule'
import { MANIFEST_FILE, type BackupManifest } from './snapshot'

export interface BackupServiceOptions {
  /** The backups folder (backupsDir of the server's options). */
  dir: string
  /** The running schedule; undefined while starting and when backups are off. */
  schedule: () => BackupSchedule | undefined
}

const refuse = (status: number, code: string, message: string) =>
  errorResponse(new RestError(status, { code, message, details: null, hint: null }))

/**
 * The embedded backend's own endpoint, for admins only (hosted Supabase has no such thing: the app
 * shows it only on the embedded backend): GET answers BackupStatus, POST makes a backup now (after
 * any that is running) and answers the new status. Errors in PostgREST's shape.
 */
export function createBackupService(options: BackupServiceOptions): ServiceMount {
  return {
    prefix: BACKUPS_PATH,
    requireApiKey: true,
    body: () => ({ limit: JSON_BODY_LIMIT_BYTES, json: true }),
    errors: {
      tooLarge: () => errorResponse(bodyTooLarge(JSON_BODY_LIMIT_BYTES)),
      invalidJson: () => errorResponse(invalidBody('Empty or invalid json')),
      internal: () => errorResponse(internalError()),
    },
    handler: (req, ctx) => handle(req, ctx, options),
  }
}

async function handle(req: ApiRequest, ctx: ServiceContext, options: BackupServiceOptions) {
  const { caller } = ctx
  if (caller.jwtError) return errorResponse(jwtError(caller.jwtError.kind, caller.jwtError.message))
  if (caller.role === 'anon') return refuse(401, '42501', 'permission denied: staff only')
  if (caller.role !== 'service_role') {
    // Backups belong to Settings, which is an admin's (issue 18).
    const role = await staffRole(ctx)
    if (role === null) return refuse(403, '42501', 'permission denied: staff only')
    if (role !== 'admin') return refuse(403, '42501', 'Only an admin can see or make backups')
  }
  if (req.path !== '/') return refuse(404, 'PGRST125', `Invalid path specified in request URL`)
  const schedule = options.schedule()
  if (!schedule) return refuse(404, 'PGRST125', 'Backups are off on this server')
  if (req.method === 'POST') {
    const made = await schedule.runNow()
    if (!made) return refuse(500, 'XX000', 'The backup failed; the server log says why')
  } else if (req.method !== 'GET') {
    return refuse(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`)
  }
  return jsonResponse(200, await backupStatus(options.dir))
}

/** The caller's staff role ('admin' or 'front desk'), null for an account that is not staff. */
async function staffRole(ctx: ServiceContext): Promise<string | null> {
  const { rows } = await withRequestRole(ctx.db, ctx.caller.claims, (tx) =>
    tx.query<{ role: string | null }>('select public.staff_role() as role'),
  )
  return rows[0]?.role ?? null
}

export async function backupStatus(dir: string): Promise<BackupStatus> {
  const name = (await listBackups(dir)).at(-1)
  if (!name) return { dir, last: null }
  const manifest = JSON.parse(await readFile(join(dir, name, MANIFEST_FILE), 'utf8')) as BackupManifest
  return { dir, last: { name, createdAt: manifest.createdAt, bytes: await sizeOf(join(dir, name)) } }
}

async function sizeOf(path: string): Promise<number> {
  const entries = await readdir(path, { withFileTypes: true })
  const sizes = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? sizeOf(join(path, entry.name)) : stat(join(path, entry.name)).then((s) => s.size),
    ),
  )
  return sizes.reduce((total, size) => total + size, 0)
}

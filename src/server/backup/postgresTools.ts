import { execFile } from 'node:child_process'

/** pg_dump / pg_restore is not on PATH: the caller decides whether that is fatal. */
export class ToolMissingError extends Error {
  constructor(readonly tool: string) {
    super(`${tool} was not found on PATH`)
    this.name = 'ToolMissingError'
  }
}

/** libpq takes the password from the environment, so it never shows in the process list. */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env }
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve()
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new ToolMissingError(tool))
      reject(new Error(`${tool} failed: ${stderr.trim() || error.message}`))
    })
  })
}

/** A custom-format dump (compressed, restorable table by table) of the whole database. */
export function pgDump(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl)
  return run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${dbname}`], env)
}

/**
 * Replaces every object the dump holds, in one transaction: either the whole backup is back or the
 * database is untouched. Objects created after the backup that it does not know are left alone.
 */
export function pgRestore(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl)
  return run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  )
}

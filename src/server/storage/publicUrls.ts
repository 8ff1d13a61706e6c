import type { Database } from '../db/types'

/** What supabase-js's getPublicUrl returns for an object of a public bucket. */
export function publicUrlFor(baseUrl: string, bucketId: string, name: string): string {
  return encodeURI(`${baseUrl}/storage/v1/object/public/${bucketId}/${name}`)
}

const LOOPBACK_PUBLIC_URL = '^http://(127\\.0\\.0\\.1|localhost|\\[::1\\]):[0-9]+/storage/v1/object/public/'

/**
 * Supabase stores image URLs as absolute public URLs, and so does this app (cabins.image, the
 * user_metadata.avatar of staff). The embedded server may come back on another port (the preferred
 * one was taken), which would break every stored URL. On start, URLs that point at a loopback port
 * of this server are moved to the current base URL. URLs with any other host were written by a desk
 * on the network or by hosted Supabase and are left alone.
 */
export async function rebaseLoopbackPublicUrls(db: Database, baseUrl: string): Promise<void> {
  if (!new RegExp('^http://(127\\.0\\.0\\.1|localhost|\\[::1\\]):[0-9]+$').test(baseUrl)) return
  const target = `${baseUrl}/storage/v1/object/public/`
  await db.transaction(async (tx) => {
    await tx.query(
      `update public.cabins set image = regexp_replace(image, $1, $2)
       where image ~ $1 and not starts_with(image, $2)`,
      [LOOPBACK_PUBLIC_URL, target],
    )
    await tx.query(
      `update auth.users
       set raw_user_meta_data = jsonb_set(raw_user_meta_data, '{avatar}',
         to_jsonb(regexp_replace(raw_user_meta_data ->> 'avatar', $1, $2)))
       where raw_user_meta_data ->> 'avatar' ~ $1 and not starts_with(raw_user_meta_data ->> 'avatar', $2)`,
      [LOOPBACK_PUBLIC_URL, target],
    )
  })
}

import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../src/shared/database.types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseKinds } from '../harness/testDatabases'
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  TINY_PNG,
  startTestServer,
  type TestServer,
  json,
} from '../harness/testServer'

describe.each(testDatabaseKinds())('storage on %s', (kind) => {
  let server: TestServer
  let staff: SupabaseClient<Database>

  beforeAll(async () => {
    server = await startTestServer({}, kind)
    staff = server.client()
    const { error } = await staff.auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD })
    expect(error).toBeNull()
  })
  afterAll(() => server?.stop())

  const bucket = () => staff.storage.from('cabin-images')
  const png = (extraBytes = 0) => Buffer.concat([TINY_PNG, Buffer.alloc(extraBytes)])
  let counter = 0
  const freshName = (extension = 'png') => `test/cabin-${++counter}-${Date.now()}.${extension}`

  describe('upload, public read and remove', () => {
    it('round-trips a real PNG through the public URL', async () => {
      const name = freshName()
      const { data, error } = await bucket().upload(name, new Blob([png()], { type: 'image/png' }), {
        cacheControl: '3600',
      })
      expect(error).toBeNull()
      expect(data).toMatchObject({ path: name, fullPath: `cabin-images/${name}` })

      const publicUrl = bucket().getPublicUrl(name).data.publicUrl
      expect(publicUrl).toBe(`${server.url}/storage/v1/object/public/cabin-images/${name}`)
      const response = await fetch(publicUrl)
      expect(response.status).toBe(200)
      expect(Buffer.from(await response.arrayBuffer())).toEqual(png())
      expect(response.headers.get('content-type')).toBe('image/png')
      expect(response.headers.get('cache-control')).toBe('max-age=3600')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
      expect(response.headers.get('content-disposition')).toMatch(/^inline/)
      expect(response.headers.get('last-modified')).toBeTruthy()
      const etag = response.headers.get('etag')!
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/)

      const revalidated = await fetch(publicUrl, { headers: { 'If-None-Match': etag } })
      expect(revalidated.status).toBe(304)

      const removed = await bucket().remove([name])
      expect(removed.error).toBeNull()
      expect(removed.data!.map((row) => row.name)).toEqual([name])
      const gone = await fetch(publicUrl)
      expect(gone.status).toBe(400)
      expect(await json(gone)).toEqual({ statusCode: '404', error: 'not_found', message: 'Object not found' })
    })

    it('accepts a raw body, and stores the type found in the bytes', async () => {
      const name = freshName('jpg')
      const { error } = await bucket().upload(name, png(), { contentType: 'image/jpeg' })
      expect(error).toBeNull()
      const response = await fetch(bucket().getPublicUrl(name).data.publicUrl)
      expect(response.headers.get('content-type')).toBe('image/png')
    })

    it('refuses to overwrite without upsert, and replaces with it', async () => {
      const name = freshName()
      expect((await bucket().upload(name, png(), { contentType: 'image/png' })).error).toBeNull()
      const duplicate = await bucket().upload(name, png(), { contentType: 'image/png' })
      expect(duplicate.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' })
      const replaced = await bucket().upload(name, png(10), { contentType: 'image/png', upsert: true })
      expect(replaced.error).toBeNull()
      const response = await fetch(bucket().getPublicUrl(name).data.publicUrl)
      expect((await response.arrayBuffer()).byteLength).toBe(TINY_PNG.length + 10)
      // The replaced version's bytes are gone from disk: one file per object.
      const files = readdirSync(join(server.dataDir, 'storage', 'cabin-images'))
      expect(files.every((file) => /^[0-9a-f-]{36}$/.test(file))).toBe(true)
    })

    it('lets staff download through the authenticated route', async () => {
      const name = freshName()
      await bucket().upload(name, png(), { contentType: 'image/png' })
      const { data, error } = await bucket().download(name)
      expect(error).toBeNull()
      expect(Buffer.from(await data!.arrayBuffer())).toEqual(png())
    })

    it('reports success with no rows for names that do not exist', async () => {
      const { data, error } = await bucket().remove(['test/never-uploaded.png'])
      expect(error).toBeNull()
      expect(data).toEqual([])
    })

    it('never stores bytes under a name the client chose', async () => {
      const name = freshName()
      await bucket().upload(name, png(), { contentType: 'image/png' })
      const files = readdirSync(join(server.dataDir, 'storage', 'cabin-images'))
      expect(files.some((file) => file.includes('cabin-'))).toBe(false)
    })
  })

  describe('what is refused', () => {
    const storageError = async (response: Response) => ({
      status: response.status,
      body: await json(response),
    })

    it('an SVG or an HTML page dressed up as a PNG (415 invalid_mime_type)', async () => {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
      const svgUpload = await bucket().upload(freshName(), new Blob([svg], { type: 'image/png' }))
      expect(svgUpload.error).toMatchObject({ statusCode: '415' })
      const html = await bucket().upload(
        freshName(),
        Buffer.from('<!doctype html><script>alert(1)</script>'),
        {
          contentType: 'image/png',
        },
      )
      expect(html.error).toMatchObject({ statusCode: '415' })
      const declaredHtml = await bucket().upload(freshName('html'), png(), { contentType: 'text/html' })
      expect(declaredHtml.error).toMatchObject({
        statusCode: '415',
        message: 'mime type text/html is not supported',
      })
    })

    it('a file over the bucket limit (413 in the body, HTTP 400)', async () => {
      const { error } = await bucket().upload(freshName(), png(5 * 1024 * 1024), { contentType: 'image/png' })
      expect(error).toMatchObject({
        statusCode: '413',
        message: 'The object exceeded the maximum allowed size',
      })
    })

    it('a body over the 10 MB hard cap', async () => {
      const response = await fetch(`${server.url}/storage/v1/object/cabin-images/${freshName()}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${(await staff.auth.getSession()).data.session!.access_token}`,
          'Content-Type': 'image/png',
        },
        body: png(11 * 1024 * 1024),
      })
      expect(await storageError(response)).toEqual({
        status: 400,
        body: {
          statusCode: '413',
          error: 'Payload too large',
          message: 'The object exceeded the maximum allowed size',
        },
      })
    })

    it('an upload by a signed-up user who is not staff (403 in the body)', async () => {
      const outsider = server.client()
      const { error: signUpError } = await outsider.auth.signUp({
        email: `outsider${Date.now()}@example.com`,
        password: 'outsider-pass',
      })
      expect(signUpError).toBeNull()
      const { error } = await outsider.storage
        .from('cabin-images')
        .upload(freshName(), png(), { contentType: 'image/png' })
      expect(error).toMatchObject({
        statusCode: '403',
        message: 'new row violates row-level security policy',
      })
      // Nor read through the authenticated route, nor remove: row level security hides staff files.
      const name = freshName()
      await bucket().upload(name, png(), { contentType: 'image/png' })
      const download = await outsider.storage.from('cabin-images').download(name)
      expect(download.error).toMatchObject({ statusCode: '404' })
      expect((await outsider.storage.from('cabin-images').remove([name])).data).toEqual([])
      const files = readdirSync(join(server.dataDir, 'storage', 'cabin-images'))
      expect(files.some((file) => file.endsWith('.partial'))).toBe(false)
    })

    it('an upload or removal with only the anon key', async () => {
      const anon = server.client()
      const { error } = await anon.storage
        .from('avatars')
        .upload(freshName(), png(), { contentType: 'image/png' })
      expect(error).toMatchObject({ statusCode: '403' })
      const name = freshName()
      await bucket().upload(name, png(), { contentType: 'image/png' })
      const removal = await anon.storage.from('cabin-images').remove([name])
      expect(removal.data).toEqual([])
      expect((await fetch(bucket().getPublicUrl(name).data.publicUrl)).status).toBe(200)
    })

    it('a request without any credentials', async () => {
      const response = await fetch(`${server.url}/storage/v1/object/cabin-images/${freshName()}`, {
        method: 'POST',
        headers: { 'Content-Type': 'image/png' },
        body: png(),
      })
      expect(await storageError(response)).toMatchObject({
        status: 400,
        body: { statusCode: '403', error: 'Unauthorized' },
      })
    })

    it('an expired token', async () => {
      const token = (await staff.auth.getSession()).data.session!.access_token
      server.clock.advance(3600 + 60)
      try {
        const response = await fetch(`${server.url}/storage/v1/object/cabin-images/${freshName()}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'image/png' },
          body: png(),
        })
        expect(await storageError(response)).toMatchObject({
          status: 400,
          body: { statusCode: '403', error: 'Unauthorized', message: '"exp" claim timestamp check failed' },
        })
      } finally {
        server.clock.advance(-(3600 + 60))
      }
    })

    it('names outside the safe character set (InvalidKey)', async () => {
      const { error } = await bucket().upload('test/café#1.png', png(), { contentType: 'image/png' })
      expect(error).toMatchObject({ statusCode: '400' })
      expect(error!.message).toMatch(/^Invalid key: /)
    })

    it('unknown buckets, and multipart bodies without a file', async () => {
      const missing = await staff.storage
        .from('no-such-bucket')
        .upload(freshName(), png(), { contentType: 'image/png' })
      expect(missing.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
      const publicMissing = await fetch(`${server.url}/storage/v1/object/public/no-such-bucket/x.png`)
      expect(await storageError(publicMissing)).toEqual({
        status: 400,
        body: { statusCode: '404', error: 'Bucket not found', message: 'Bucket not found' },
      })
      const form = new FormData()
      form.append('cacheControl', '3600')
      const noFile = await fetch(`${server.url}/storage/v1/object/cabin-images/${freshName()}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${(await staff.auth.getSession()).data.session!.access_token}` },
        body: form,
      })
      expect(await storageError(noFile)).toMatchObject({
        body: { statusCode: '400', message: 'No content provided' },
      })
    })
  })
})

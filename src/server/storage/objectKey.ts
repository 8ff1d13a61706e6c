import { invalidKey } from './errors'

/** storage-api's `isValidKey`: ASCII word characters and a few safe punctuation marks only (contract 4.2). */
const KEY_PATTERN = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/
const MAX_KEY_BYTES = 1024

/**
 * A name with a `.` or `..` segment would mean another path to anything that resolves names as paths
 * (a browser, an S3 gateway): refused as storage-api does.
 */
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/

export function validateKey(key: string): string {
  if (
    key === '' ||
    Buffer.byteLength(key) > MAX_KEY_BYTES ||
    !KEY_PATTERN.test(key) ||
    DOT_SEGMENT.test(key)
  ) {
    throw invalidKey(key)
  }
  return key
}

export interface ObjectPath {
  bucketId: string
  key: string
}

/**
 * Splits '/cabin-images/folder/cabin%20001.jpg' into bucket and key, percent-decoding each segment
 * (fetch encodes spaces; storage-js leaves the rest alone). A segment that does not decode is an
 * invalid key rather than a server error.
 */
export function parseObjectPath(rawSegments: string[]): ObjectPath {
  const decoded = rawSegments.map((segment) => {
    try {
      return decodeURIComponent(segment)
    } catch {
      throw invalidKey(rawSegments.join('/'))
    }
  })
  const [bucketId = '', ...keySegments] = decoded
  return { bucketId, key: validateKey(keySegments.join('/')) }
}

import { describe, expect, it } from 'vitest'
import { StorageError } from './errors'
import { parseObjectPath, validateKey } from './objectKey'

describe('object keys', () => {
  it('accepts the names the app uses and decodes fetch-encoded spaces', () => {
    expect(parseObjectPath(['cabin-images', 'cabin-001.jpg'])).toEqual({
      bucketId: 'cabin-images',
      key: 'cabin-001.jpg',
    })
    expect(parseObjectPath(['avatars', 'folder', 'avatar%20one.png'])).toEqual({
      bucketId: 'avatars',
      key: 'folder/avatar one.png',
    })
  })

  it.each(['', 'café.png', 'a#b.png', 'a%b.png', 'a[1].png', 'x'.repeat(1025)])(
    'rejects %j as InvalidKey',
    (key) => {
      expect(() => validateKey(key)).toThrow(StorageError)
      try {
        validateKey(key)
      } catch (error) {
        expect((error as StorageError).error).toBe('InvalidKey')
      }
    },
  )

  it('treats a segment that does not decode as an invalid key', () => {
    expect(() => parseObjectPath(['avatars', '%E0%A4%A'])).toThrow('Invalid key')
  })
})

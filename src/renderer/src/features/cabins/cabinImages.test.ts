import { describe, expect, it } from 'vitest'
import { cabinImageName, storedImageName } from './cabinImages'

describe('cabinImageName', () => {
  it('prefixes the file name with the random part', () => {
    expect(cabinImageName('cabin-001.jpg', 'a1b2')).toBe('a1b2-cabin-001.jpg')
  })

  it('keeps only characters storage accepts', () => {
    expect(cabinImageName('Cabaña #2 (vue lac).JPG', 'r')).toBe('r-Cabana-2-vue-lac.JPG')
    expect(cabinImageName('photo/../../etc.png', 'r')).toBe('r-photo-..-..-etc.png')
    expect(cabinImageName('日本.png', 'r')).toBe('r-png')
    expect(cabinImageName('', 'r')).toBe('r-image')
  })

  it('keeps the extension of a very long name', () => {
    const name = cabinImageName(`${'x'.repeat(200)}.webp`, 'r')
    expect(name.endsWith('.webp')).toBe(true)
    expect(name.length).toBeLessThanOrEqual(82)
  })
})

describe('storedImageName', () => {
  it('finds the object name in a public URL', () => {
    expect(
      storedImageName('http://127.0.0.1:4173/storage/v1/object/public/cabin-images/r-cabin%20one.jpg'),
    ).toBe('r-cabin one.jpg')
    expect(storedImageName('https://x.supabase.co/storage/v1/object/public/cabin-images/a.png?t=1')).toBe(
      'a.png',
    )
  })

  it('ignores URLs outside the bucket', () => {
    expect(storedImageName('https://example.test/a.png')).toBeNull()
    expect(storedImageName('http://h/storage/v1/object/public/avatars/a.png')).toBeNull()
  })
})

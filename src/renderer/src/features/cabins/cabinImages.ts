export const CABIN_IMAGES_BUCKET = 'cabin-images'

const MAX_NAME_LENGTH = 80

/**
 * The storage name of a newly uploaded photo: a random prefix (two uploads of "cabin.jpg" never
 * collide) and the file's name reduced to the characters storage keys accept ([A-Za-z0-9._-]).
 */
export function cabinImageName(fileName: string, random: string): string {
  const safe = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // "Cabaña" keeps its letters: "Cabana"
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+(\.[A-Za-z0-9]+)$/, '$1')
    .slice(-MAX_NAME_LENGTH) // the end holds the extension
    .replace(/^[-.]+|-+$/g, '')
  return `${random}-${safe || 'image'}`
}

/** The name inside the cabin-images bucket of one of its public URLs; null for any other URL. */
export function storedImageName(publicUrl: string): string | null {
  const marker = `/storage/v1/object/public/${CABIN_IMAGES_BUCKET}/`
  const start = publicUrl.indexOf(marker)
  if (start === -1) return null
  const name = publicUrl.slice(start + marker.length).split(/[?#]/)[0]
  return name ? decodeURIComponent(name) : null
}

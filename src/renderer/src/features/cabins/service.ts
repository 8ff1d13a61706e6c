import { supabase } from '../../lib/supabase'
import { CABIN_IMAGES_BUCKET, cabinImageName, storedImageName } from './cabinImages'
import type { Cabin, CabinFields } from './types'

export async function getCabins(): Promise<Cabin[]> {
  const { data, error } = await supabase().from('cabins').select('*').order('created_at', { ascending: true })
  if (error) throw new Error('Cabins could not be loaded', { cause: error })
  return data
}

export interface SaveCabinRequest {
  cabin: CabinFields
  /** A newly chosen photo; without one the cabin keeps (or, duplicated, shares) `cabin.image`. */
  imageFile?: File
  /** The cabin to edit; without it a new cabin is created. */
  id?: number
}

/** Creates (or duplicates) a cabin, or edits one, uploading its new photo if there is one. */
export function createEditCabin({ cabin, imageFile, id }: SaveCabinRequest): Promise<Cabin> {
  return id === undefined ? createCabin(cabin, imageFile) : editCabin(id, cabin, imageFile)
}

function imageBucket() {
  return supabase().storage.from(CABIN_IMAGES_BUCKET)
}

/** 12 random hex digits (getRandomValues works on plain http too, unlike randomUUID). */
function randomPrefix(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
}

/** Where a new photo will be stored: its name in the bucket and its public URL. */
function newImageLocation(file: File): { name: string; url: string } {
  const name = cabinImageName(file.name, randomPrefix())
  return { name, url: imageBucket().getPublicUrl(name).data.publicUrl }
}

function uploadImage(name: string, file: File) {
  return imageBucket().upload(name, file, { contentType: file.type, upsert: false })
}

async function createCabin(cabin: CabinFields, imageFile?: File): Promise<Cabin> {
  const image = imageFile && newImageLocation(imageFile)
  const { data, error } = await supabase()
    .from('cabins')
    .insert({ ...cabin, image: image?.url ?? cabin.image })
    .select()
    .single()
  if (error) throw new Error('Cabin could not be created', { cause: error })
  if (!image || !imageFile) return data

  const { error: uploadError } = await uploadImage(image.name, imageFile)
  if (uploadError) {
    // A cabin without its photo is not what was asked for: take the row back out.
    await supabase().from('cabins').delete().eq('id', data.id)
    throw new Error('Cabin image could not be uploaded and the cabin was not created', { cause: uploadError })
  }
  return data
}

async function editCabin(id: number, cabin: CabinFields, imageFile?: File): Promise<Cabin> {
  // The new photo goes up first: if that fails, the cabin is left exactly as it was.
  const image = imageFile && newImageLocation(imageFile)
  if (image && imageFile) {
    const { error } = await uploadImage(image.name, imageFile)
    if (error) throw new Error('Cabin image could not be uploaded', { cause: error })
  }

  const { data, error } = await supabase()
    .from('cabins')
    .update({ ...cabin, image: image?.url ?? cabin.image })
    .eq('id', id)
    .select()
    .single()
  if (error) {
    if (image) await imageBucket().remove([image.name])
    throw new Error('Cabin could not be edited', { cause: error })
  }
  if (image && cabin.image) await removeImageIfUnused(cabin.image)
  return data
}

export async function deleteCabin(id: number): Promise<void> {
  const { data, error } = await supabase().from('cabins').delete().eq('id', id).select('image')
  if (error) throw new Error('Cabin could not be deleted', { cause: error })
  if (data.length === 0)
    throw new Error('Cabin could not be deleted', { cause: new Error('The cabin no longer exists') })
  const [{ image }] = data
  if (image) await removeImageIfUnused(image)
}

/** Removes a photo from storage unless another cabin (a duplicate) still shows it. */
async function removeImageIfUnused(url: string): Promise<void> {
  const name = storedImageName(url)
  if (!name) return
  const { count, error } = await supabase()
    .from('cabins')
    .select('id', { count: 'exact', head: true })
    .eq('image', url)
  if (error) throw new Error('Failed to check if image is used by other cabins', { cause: error })
  if (count) return
  const { error: removeError } = await imageBucket().remove([name])
  if (removeError) throw new Error('Cabin image could not be deleted', { cause: removeError })
}

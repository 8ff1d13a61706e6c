import type { Tables } from '@shared/database.types'

/** A cabin row; `image` is the public storage URL of its photo. */
export type Cabin = Tables<'cabins'>

/** What the cabin form edits; `image` is the photo the cabin keeps unless a new file replaces it. */
export type CabinFields = Pick<
  Cabin,
  'name' | 'maxCapacity' | 'regularPrice' | 'discount' | 'description' | 'image'
>

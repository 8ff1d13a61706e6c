export interface Cabin {
  id: number
  created_at: string
  name: string
  maxCapacity: number
  regularPrice: number
  discount: number
  /** The public storage URL of the cabin's photo. */
  image: string | null
  description: string
}

/** What the cabin form edits; `image` is the photo the cabin keeps unless a new file replaces it. */
export type CabinFields = Pick<
  Cabin,
  'name' | 'maxCapacity' | 'regularPrice' | 'discount' | 'description' | 'image'
>

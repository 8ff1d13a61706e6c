/** The spec's stay-length buckets (§9), in order. get_dashboard groups stays by the same labels. */
export const STAY_BUCKETS = [
  '1 night',
  '2 nights',
  '3 nights',
  '4-5 nights',
  '6-7 nights',
  '8-14 nights',
  '15-21 nights',
  '21+ nights',
] as const

export type StayBucket = (typeof STAY_BUCKETS)[number]

/** Index into STAY_BUCKETS for a stay of `nights` nights (≥ 1); a 21-night stay is "15-21 nights". */
export function stayBucketIndex(nights: number): number {
  if (nights <= 3) return nights - 1
  if (nights <= 5) return 3
  if (nights <= 7) return 4
  if (nights <= 14) return 5
  if (nights <= 21) return 6
  return 7
}

import { describe, expect, it } from 'vitest'
import { STAY_BUCKETS, stayBucketIndex } from './stays'

describe('stayBucketIndex', () => {
  it('puts each stay length in the spec’s bucket, 21 nights in 15-21', () => {
    const bucketOf = (nights: number) => STAY_BUCKETS[stayBucketIndex(nights)]
    expect([1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 21, 22, 90].map(bucketOf)).toEqual([
      '1 night',
      '2 nights',
      '3 nights',
      '4-5 nights',
      '4-5 nights',
      '6-7 nights',
      '6-7 nights',
      '8-14 nights',
      '8-14 nights',
      '15-21 nights',
      '15-21 nights',
      '21+ nights',
      '21+ nights',
    ])
  })
})

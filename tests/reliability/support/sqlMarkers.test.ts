import { describe, expect, it } from 'vitest'
import { misplacedMarkers, nameMarker, valueMarker } from './sqlMarkers'

// The fuzz test's verdict is only as good as this check, so it is tested on its own.
describe('misplacedMarkers', () => {
  const name = nameMarker(1)
  const value = valueMarker(2)

  it('accepts names as quoted identifiers and values only as parameters', () => {
    expect(misplacedMarkers(`select "t"."${name}" as "${name}" from t where "a" = $1`)).toEqual([])
    expect(misplacedMarkers(`select "a""${name}" from t`)).toEqual([])
  })

  it('flags values anywhere in the text', () => {
    expect(misplacedMarkers(`select * from t where a = '${value}'`)).toEqual([value])
    expect(misplacedMarkers(`select "${value}" from t`)).toEqual([value])
  })

  it('flags names outside quotes, in literals, dollar quotes and comments', () => {
    expect(misplacedMarkers(`select ${name} from t`)).toEqual([name])
    expect(misplacedMarkers(`select '"${name}"' from t`)).toEqual([name])
    expect(misplacedMarkers(`select $$"${name}"$$`)).toEqual([name])
    expect(misplacedMarkers(`select 1 -- "${name}"\n`)).toEqual([name])
    expect(misplacedMarkers(`select 1 /* "${name}" */`)).toEqual([name])
  })
})

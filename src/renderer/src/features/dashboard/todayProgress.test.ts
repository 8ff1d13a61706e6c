import { describe, expect, it } from 'vitest'
import type { TodayActivity } from './service'
import { todayProgress } from './todayProgress'

const row = (kind: TodayActivity['kind'], status: TodayActivity['status']): TodayActivity => ({
  id: 1,
  kind,
  status,
  numNights: 1,
  cabinName: '001',
  guests: { fullName: 'Ana', nationality: 'Portugal', countryFlag: null },
})

describe('todayProgress', () => {
  it('counts the guests done today against all expected', () => {
    const day = [
      row('arrival', 'checked-in'),
      row('arrival', 'checked-in'),
      row('arrival', 'unconfirmed'),
      row('arrival', 'unconfirmed'),
      row('arrival', 'unconfirmed'),
      row('departure', 'checked-out'),
      row('departure', 'checked-in'),
      row('departure', 'checked-in'),
    ]
    expect(todayProgress(day)).toBe('2 of 5 arrived, 1 of 3 departed')
  })

  it('never counts a cancelled stay as arrived or departed', () => {
    expect(todayProgress([row('arrival', 'cancelled'), row('departure', 'cancelled')])).toBe(
      '0 of 1 arrived, 0 of 1 departed',
    )
  })

  it('counts a checked-in departure as still to leave, not as arrived', () => {
    expect(todayProgress([row('departure', 'checked-in')])).toBe('0 of 0 arrived, 0 of 1 departed')
  })
})

import { describe, expect, it } from 'vitest'
import { authorName, describeActivity } from './describeActivity'
import type { ActivityEntry } from './types'

const entry = (fields: Partial<ActivityEntry>): ActivityEntry => ({
  id: 1,
  created_at: '2026-11-18T10:00:00Z',
  user_id: 'u-ana',
  user_email: 'ana@example.com',
  user_name: 'Ana Lima',
  table_name: 'bookings',
  row_id: '1042',
  action: 'update',
  changes: {},
  ...fields,
})

const sentence = (fields: Partial<ActivityEntry>, names?: Map<string, string>) =>
  describeActivity(entry(fields), names).sentence

describe('describeActivity', () => {
  it('words a check-in as the event, not the fields it also changed', () => {
    expect(
      describeActivity(
        entry({
          changes: {
            status: { old: 'unconfirmed', new: 'checked-in' },
            isPaid: { old: false, new: true },
            extrasPrice: { old: 0, new: 90 },
          },
        }),
      ),
    ).toEqual({ sentence: 'Ana Lima checked in booking #1042', link: '/bookings/1042' })
  })

  it('words check-out and cancellation', () => {
    expect(sentence({ changes: { status: { old: 'checked-in', new: 'checked-out' } } })).toBe(
      'Ana Lima checked out booking #1042',
    )
    expect(sentence({ changes: { status: { old: 'unconfirmed', new: 'cancelled' } } })).toBe(
      'Ana Lima cancelled booking #1042',
    )
  })

  it('words a created and a deleted booking; a deleted one has nothing to link to', () => {
    expect(sentence({ action: 'insert', changes: { status: { new: 'unconfirmed' } } })).toBe(
      'Ana Lima created booking #1042',
    )
    expect(describeActivity(entry({ action: 'delete' }))).toEqual({
      sentence: 'Ana Lima deleted booking #1042',
      link: null,
    })
  })

  it('words a moved stay with its new dates formatted like the app, and what else changed', () => {
    expect(
      sentence({
        changes: {
          startDate: { old: '2026-11-18', new: '2026-11-20' },
          endDate: { old: '2026-11-21', new: '2026-11-23' },
          totalPrice: { old: 540, new: 540 },
        },
      }),
    ).toBe('Ana Lima moved booking #1042 to Nov 20 2026 – Nov 23 2026')
    expect(
      sentence({
        changes: { cabinId: { old: 3, new: 4 }, numGuests: { old: 2, new: 3 } },
      }),
    ).toBe('Ana Lima moved booking #1042, and changed the guests from 2 to 3')
  })

  it('words other changes with their values: amounts in dollars, yes and no', () => {
    expect(
      sentence({ changes: { isPaid: { old: false, new: true }, totalPrice: { old: 300, new: 345.5 } } }),
    ).toBe(
      'Ana Lima changed booking #1042: the paid from no to yes and the total price from $300.00 to $345.50',
    )
  })

  it('words a settings change like "changed the breakfast price from 15 to 18"', () => {
    expect(
      describeActivity(
        entry({
          user_name: 'Joe',
          table_name: 'settings',
          row_id: '1',
          changes: { breakfastPrice: { old: 15, new: 18 } },
        }),
      ),
    ).toEqual({ sentence: 'Joe changed the breakfast price from $15.00 to $18.00', link: '/settings' })
  })

  it('names cabins and guests when the entry holds their name, quotes text, and hides long text', () => {
    expect(
      sentence({ table_name: 'cabins', row_id: '9', action: 'insert', changes: { name: { new: '009' } } }),
    ).toBe('Ana Lima added cabin 009')
    expect(
      sentence({
        table_name: 'cabins',
        row_id: '9',
        changes: { regularPrice: { old: 250, new: 300 }, description: { old: 'a', new: 'b' } },
      }),
    ).toBe('Ana Lima changed cabin #9: the price from $250.00 to $300.00 and the description')
    expect(
      describeActivity(
        entry({
          table_name: 'guests',
          row_id: '5',
          action: 'delete',
          changes: { fullName: { old: 'Jane Doe' } },
        }),
      ),
    ).toEqual({ sentence: 'Ana Lima deleted guest Jane Doe', link: null })
    expect(
      sentence({ table_name: 'guests', row_id: '5', changes: { email: { old: null, new: 'j@d.com' } } }),
    ).toBe('Ana Lima changed guest #5: the email from nothing to “j@d.com”')
  })

  it('words role changes, access and passwords with the staff member’s name', () => {
    const names = new Map([['u-joe', 'Joe']])
    const staff = (fields: Partial<ActivityEntry>) =>
      sentence({ table_name: 'staff', row_id: 'u-joe', ...fields }, names)
    expect(staff({ changes: { role: { old: 'front desk', new: 'admin' } } })).toBe(
      'Ana Lima made Joe an admin',
    )
    expect(staff({ changes: { role: { old: 'admin', new: 'front desk' } } })).toBe(
      'Ana Lima made Joe front desk',
    )
    expect(staff({ action: 'insert', changes: { role: { new: 'front desk' } } })).toBe(
      'Ana Lima gave Joe staff access as front desk',
    )
    expect(staff({ action: 'delete' })).toBe('Ana Lima removed Joe’s staff access')
    expect(staff({ action: 'set password' })).toBe('Ana Lima set a new password for Joe')
    expect(sentence({ table_name: 'staff', row_id: 'u-gone', action: 'set password' }, names)).toBe(
      'Ana Lima set a new password for a staff member',
    )
  })

  it('words fields it does not know from their column names, and leaves bookkeeping out', () => {
    expect(
      sentence({
        table_name: 'cabins',
        row_id: '2',
        changes: { hasSauna: { old: false, new: true }, created_at: { old: 'x', new: 'y' } },
      }),
    ).toBe('Ana Lima changed cabin #2: the has sauna from no to yes')
  })
})

describe('authorName', () => {
  it('is the name, else the email, else the system (seed and scripts sign in as no one)', () => {
    expect(authorName({ user_name: 'Ana Lima', user_email: 'a@x.com', user_id: 'u' })).toBe('Ana Lima')
    expect(authorName({ user_name: ' ', user_email: 'a@x.com', user_id: 'u' })).toBe('a@x.com')
    expect(authorName({ user_name: null, user_email: null, user_id: null })).toBe('The system')
  })
})

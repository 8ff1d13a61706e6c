import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import toast, { Toaster } from 'react-hot-toast'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setClock } from '@shared/clock'
import { changeBooking, quoteStay } from '../../bookings/form/service'
import { getBooking } from '../../bookings/service'
import type { Booking } from '../../bookings/types'
import type { BookingMove } from './bookingMove'
import { ConfirmBookingMove } from './ConfirmBookingMove'

vi.mock('../../bookings/service', () => ({ getBooking: vi.fn() }))
vi.mock('../../bookings/form/service', () => ({ quoteStay: vi.fn(), changeBooking: vi.fn() }))

const CABIN_NAMES: Record<number, string> = { 3: '003', 4: '004' }
const cabinName = (cabinId: number) => CABIN_NAMES[cabinId]

/** Booking #12 as stored: 4 nights in cabin 003, 2 guests with breakfast, paid, with a note. */
const stored: Booking = {
  id: 12,
  created_at: '2026-11-01T10:00:00Z',
  cabinId: 3,
  guestId: 7,
  startDate: '2027-01-25',
  endDate: '2027-01-29',
  numNights: 4,
  numGuests: 2,
  hasBreakfast: true,
  isPaid: true,
  observations: 'Late arrival',
  status: 'unconfirmed',
  cabinPrice: 1000,
  extrasPrice: 120,
  totalPrice: 1120,
  cabins: { id: 3, name: '003' },
  guests: null,
}

/** The bar as the calendar drew it. */
const bar = (status: Booking['status'] = 'unconfirmed'): BookingMove['booking'] => ({
  id: 12,
  cabinId: 3,
  startDate: '2027-01-25',
  endDate: '2027-01-29',
  numNights: 4,
  status,
  totalPrice: 1120,
  guestName: 'Ana Sousa',
})

function renderMove(move: BookingMove | null) {
  const onClose = vi.fn()
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
  render(
    <QueryClientProvider client={queryClient}>
      <ConfirmBookingMove move={move} cabinName={cabinName} onClose={onClose} />
      <Toaster />
    </QueryClientProvider>,
  )
  return { onClose, invalidate }
}

const invalidatedKeys = (invalidate: ReturnType<typeof renderMove>['invalidate']) =>
  invalidate.mock.calls.map(([filters]) => filters?.queryKey)

/** The table's cells of one row: [now, after]. */
function comparisonRow(dialog: HTMLElement, label: string): string[] {
  const row = within(dialog).getByRole('rowheader', { name: label }).closest('tr')!
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '')
}

beforeEach(() => {
  setClock({ now: () => new Date(2026, 10, 18, 9) })
  vi.mocked(getBooking).mockReset().mockResolvedValue(stored)
  vi.mocked(quoteStay)
    .mockReset()
    .mockImplementation(async ({ cabinId, startDate, endDate }) =>
      // Cabin 004 costs $300 a night, 003 $250; breakfast $15 a guest a night.
      {
        const nights = (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000
        const cabinPrice = nights * (cabinId === 4 ? 300 : 250)
        return { cabinPrice, extrasPrice: nights * 30, totalPrice: cabinPrice + nights * 30 }
      },
    )
  vi.mocked(changeBooking).mockReset().mockResolvedValue()
})
afterEach(() => {
  setClock(null)
  toast.remove()
})

// The first render loads Ant Design's modal; a machine busy with other work takes its time.
const LOADED = { timeout: 5_000 }

describe('ConfirmBookingMove', { timeout: 30_000 }, () => {
  it('shows the stay now and after the move, with the new total and the difference', async () => {
    renderMove({ booking: bar(), cabinId: 4, startDate: '2027-02-01', endDate: '2027-02-05' })

    const dialog = await screen.findByRole('dialog', { name: 'Move booking #12?' }, LOADED)
    expect(
      await within(dialog).findByText('The total price goes up by $200.00.', {}, LOADED),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('table', { name: 'Ana Sousa’s stay' })).toBeInTheDocument()
    expect(within(dialog).getByRole('columnheader', { name: 'After the move' })).toBeInTheDocument()
    expect(comparisonRow(dialog, 'Cabin')).toEqual(['003', '004'])
    expect(comparisonRow(dialog, 'Arrival')).toEqual(['Mon, Jan 25, 2027', 'Mon, Feb 01, 2027'])
    expect(comparisonRow(dialog, 'Departure')).toEqual(['Fri, Jan 29, 2027', 'Fri, Feb 05, 2027'])
    expect(comparisonRow(dialog, 'Nights')).toEqual(['4 nights', '4 nights'])
    expect(comparisonRow(dialog, 'Total price')).toEqual(['$1,120.00', '$1,320.00'])
    // The new stay is priced with the booking's own guests and breakfast.
    expect(quoteStay).toHaveBeenCalledWith({
      cabinId: 4,
      startDate: '2027-02-01',
      endDate: '2027-02-05',
      numGuests: 2,
      hasBreakfast: true,
    })
  })

  it('moves with every field of the booking and the quoted total, then reloads what shows bookings', async () => {
    const { onClose, invalidate } = renderMove({
      booking: bar(),
      cabinId: 4,
      startDate: '2027-02-01',
      endDate: '2027-02-05',
    })
    const dialog = await screen.findByRole('dialog', { name: 'Move booking #12?' }, LOADED)
    await within(dialog).findByText('The total price goes up by $200.00.', {}, LOADED)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move booking' }))

    expect(await screen.findByText('Booking #12 successfully updated', {}, LOADED)).toBeInTheDocument()
    expect(changeBooking).toHaveBeenCalledWith(12, {
      cabinId: 4,
      startDate: '2027-02-01',
      endDate: '2027-02-05',
      numGuests: 2,
      hasBreakfast: true,
      isPaid: true,
      observations: 'Late arrival',
      expectedTotalPrice: 1320,
      today: '2026-11-18',
    })
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledWith('moved'))
    expect(onClose).toHaveBeenCalledOnce()
    expect(invalidatedKeys(invalidate)).toEqual(
      expect.arrayContaining([['calendar'], ['booking'], ['bookings'], ['dashboard'], ['today-activity']]),
    )
  })

  it('shows the server’s refusal in a toast and closes as refused', async () => {
    vi.mocked(changeBooking).mockRejectedValue(
      new Error('Booking could not be updated', {
        cause: { message: 'Cabin 004 is booked from 25 Jan to 29 Jan' },
      }),
    )
    const { onClose, invalidate } = renderMove({
      booking: bar(),
      cabinId: 4,
      startDate: '2027-02-01',
      endDate: '2027-02-05',
    })
    const dialog = await screen.findByRole('dialog', { name: 'Move booking #12?' }, LOADED)
    await within(dialog).findByText('The total price goes up by $200.00.', {}, LOADED)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move booking' }))

    expect(
      await screen.findByText('Cabin 004 is booked from 25 Jan to 29 Jan', {}, LOADED),
    ).toBeInTheDocument()
    expect(onClose).toHaveBeenCalledWith('refused')
    expect(screen.queryByText('Booking #12 successfully updated')).not.toBeInTheDocument()
    // The calendar is asked again: the cabin may have been taken at another desk.
    await vi.waitFor(() => expect(invalidatedKeys(invalidate)).toContainEqual(['calendar']))
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('keeps the booking as it was with the button or Escape', async () => {
    const { onClose } = renderMove({
      booking: bar(),
      cabinId: 4,
      startDate: '2027-02-01',
      endDate: '2027-02-05',
    })
    const dialog = await screen.findByRole('dialog', { name: 'Move booking #12?' }, LOADED)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep as it was' }))
    expect(onClose).toHaveBeenLastCalledWith('kept')
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(2)
    expect(onClose).toHaveBeenLastCalledWith('kept')
    expect(changeBooking).not.toHaveBeenCalled()
  })

  it('words a resize of the bar’s end as a change of departure', async () => {
    renderMove({ booking: bar(), cabinId: 3, startDate: '2027-01-25', endDate: '2027-01-27' })

    const dialog = await screen.findByRole('dialog', { name: 'Change the departure of booking #12?' }, LOADED)
    expect(
      await within(dialog).findByText('The total price goes down by $560.00.', {}, LOADED),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('columnheader', { name: 'New departure' })).toBeInTheDocument()
    expect(comparisonRow(dialog, 'Nights')).toEqual(['4 nights', '2 nights'])
    expect(within(dialog).getByRole('button', { name: 'Change departure' })).toBeEnabled()
    expect(within(dialog).queryByRole('button', { name: 'Move booking' })).not.toBeInTheDocument()
  })

  it('changes only the departure of a checked-in stay, whatever the drop', async () => {
    vi.mocked(getBooking).mockResolvedValue({ ...stored, status: 'checked-in' })
    const { onClose } = renderMove({
      booking: bar('checked-in'),
      cabinId: 4,
      startDate: '2027-01-27',
      endDate: '2027-01-31',
    })

    const dialog = await screen.findByRole('dialog', { name: 'Change the departure of booking #12?' }, LOADED)
    expect(
      await within(dialog).findByText('The guest has checked in: only the departure can change.', {}, LOADED),
    ).toBeInTheDocument()
    expect(comparisonRow(dialog, 'Cabin')).toEqual(['003', '003'])
    expect(comparisonRow(dialog, 'Arrival')).toEqual(['Mon, Jan 25, 2027', 'Mon, Jan 25, 2027'])
    expect(comparisonRow(dialog, 'Departure')).toEqual(['Fri, Jan 29, 2027', 'Sun, Jan 31, 2027'])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change departure' }))

    await vi.waitFor(() => expect(onClose).toHaveBeenCalledWith('moved'))
    expect(changeBooking).toHaveBeenCalledWith(
      12,
      expect.objectContaining({
        cabinId: 3,
        startDate: '2027-01-25',
        endDate: '2027-01-31',
        expectedTotalPrice: 1680,
      }),
    )
  })

  it('cannot move before the new total is known, and says when it could not be priced', async () => {
    vi.mocked(quoteStay).mockRejectedValue(
      new Error('The new prices could not be loaded', { cause: { message: 'This cabin no longer exists' } }),
    )
    renderMove({ booking: bar(), cabinId: 4, startDate: '2027-02-01', endDate: '2027-02-05' })

    const dialog = await screen.findByRole('dialog', { name: 'Move booking #12?' }, LOADED)
    expect(within(dialog).getByRole('button', { name: 'Move booking' })).toBeDisabled()
    expect(
      await within(dialog).findByText('The new prices could not be loaded', {}, LOADED),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('This cabin no longer exists')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Move booking' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeEnabled()
  })

  it('stays closed without a move', () => {
    renderMove(null)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(getBooking).not.toHaveBeenCalled()
  })
})

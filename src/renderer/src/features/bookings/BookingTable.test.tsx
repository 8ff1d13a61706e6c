import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { BookingStatus } from '@shared/domain/bookings'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { BookingTable } from './BookingTable'
import type { BookingsPage } from './service'
import type { BookingListItem } from './types'
import { useBookings } from './useBookings'
import { useIsAdmin } from '../auth/useRole'

vi.mock('./useBookings', () => ({ useBookings: vi.fn() }))
vi.mock('../auth/useRole', () => ({ useIsAdmin: vi.fn(() => true) }))

type BookingsAnswer = ReturnType<typeof useBookings>

/** The hook after its load: the page's bookings and the count of all that match. */
const loaded = ({ bookings = [], count = 0, page = 1 }: Partial<BookingsPage> & { page?: number }) =>
  ({
    query: { data: { bookings, count }, error: null, isFetching: false, refetch: vi.fn() },
    page,
    isChangingPage: false,
  }) as unknown as BookingsAnswer

function renderTable() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <BookingTable />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('BookingTable empty states', () => {
  beforeEach(() => vi.mocked(useBookings).mockReset())

  it('says so when no booking matches', () => {
    vi.mocked(useBookings).mockReturnValue(loaded({ bookings: [], count: 0 }))
    renderTable()
    expect(screen.getByText('No bookings could be found.')).toBeInTheDocument()
  })

  it('shows an empty table body for a page with no rows', () => {
    vi.mocked(useBookings).mockReturnValue(loaded({ bookings: [], count: 12, page: 3 }))
    renderTable()
    expect(screen.getByText('No data to show at the moment')).toBeInTheDocument()
  })

  it('lists a booking with its guest, stay, status and amount', () => {
    vi.mocked(useBookings).mockReturnValue(
      loaded({
        count: 1,
        bookings: [
          {
            id: 7,
            created_at: '2026-06-01T10:00:00Z',
            startDate: '2026-06-15',
            endDate: '2026-06-20',
            numNights: 5,
            numGuests: 2,
            status: 'unconfirmed',
            totalPrice: 1250,
            cabins: { name: '001' },
            guests: { fullName: 'Ana Sousa', email: 'ana@example.test' },
          },
        ],
      }),
    )
    renderTable()
    expect(screen.getByText('Ana Sousa')).toBeInTheDocument()
    expect(screen.getByText('ana@example.test')).toBeInTheDocument()
    expect(screen.getByText(/→ 5 nights stay/)).toBeInTheDocument()
    expect(screen.getByText('Jun 15 2026 — Jun 20 2026')).toBeInTheDocument()
    expect(screen.getByText('Unconfirmed')).toBeInTheDocument()
    expect(screen.getByText('$1,250.00')).toBeInTheDocument()
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument()
  })
})

describe('BookingTable load states', () => {
  beforeEach(() => vi.mocked(useBookings).mockReset())

  it('says the bookings could not be loaded, with a retry, instead of "no bookings"', () => {
    const error = new Error('Bookings could not be loaded', { cause: { message: 'The database is down' } })
    vi.mocked(useBookings).mockReturnValue({
      query: { data: undefined, error, isFetching: false, refetch: vi.fn() },
      page: 1,
      isChangingPage: false,
    } as unknown as BookingsAnswer)
    renderTable()
    expect(screen.getByRole('heading', { name: 'Bookings could not be loaded' })).toBeInTheDocument()
    expect(screen.getByText('The database is down')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(screen.queryByText('No bookings could be found.')).not.toBeInTheDocument()
  })

  it('shows the table’s header over placeholder rows while loading', () => {
    vi.mocked(useBookings).mockReturnValue({
      query: { data: undefined, error: null, isFetching: true, refetch: vi.fn() },
      page: 1,
      isChangingPage: false,
    } as unknown as BookingsAnswer)
    renderTable()
    const table = screen.getByRole('table', { name: 'Bookings' })
    expect(table).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('columnheader', { name: 'Guest' })).toBeInTheDocument()
    expect(screen.getAllByRole('row')).toHaveLength(11)
    expect(screen.getByRole('status')).toHaveTextContent('Loading bookings')
  })

  it('keeps the previous page, marked busy, while the next one loads', () => {
    vi.mocked(useBookings).mockReturnValue({ ...loaded({ count: 1, bookings: [] }), isChangingPage: true })
    renderTable()
    expect(screen.getByRole('table', { name: 'Bookings' })).toHaveAttribute('aria-busy', 'true')
  })
})

describe('BookingTable row menu', () => {
  beforeEach(() => vi.mocked(useBookings).mockReset())

  const booking = (status: BookingStatus): BookingListItem => ({
    id: 7,
    created_at: '2026-06-01T10:00:00Z',
    startDate: '2026-06-15',
    endDate: '2026-06-20',
    numNights: 5,
    numGuests: 2,
    status,
    totalPrice: 1250,
    cabins: { name: '001' },
    guests: { fullName: 'Ana Sousa', email: 'ana@example.test' },
  })

  async function menuItemsFor(status: BookingStatus): Promise<string[]> {
    vi.mocked(useBookings).mockReturnValue(loaded({ count: 1, bookings: [booking(status)] }))
    renderTable()
    await userEvent.click(screen.getByRole('button', { name: 'Actions for booking #7' }))
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem')
    return items.map((item) => item.textContent ?? '')
  }

  it.each([
    ['unconfirmed', ['See details', 'Check in', 'Cancel booking']],
    ['checked-in', ['See details', 'Check out']],
    ['checked-out', ['See details', 'Delete booking']],
    ['cancelled', ['See details', 'Delete booking']],
  ] as const)('offers what a %s booking allows', async (status, actions) => {
    expect(await menuItemsFor(status)).toEqual(actions)
  })

  it('offers the front desk no delete: only an admin deletes bookings', async () => {
    vi.mocked(useIsAdmin).mockReturnValue(false)
    try {
      expect(await menuItemsFor('checked-out')).toEqual(['See details'])
    } finally {
      vi.mocked(useIsAdmin).mockReturnValue(true)
    }
  })

  it('shows a cancelled booking with its tag', () => {
    vi.mocked(useBookings).mockReturnValue(loaded({ count: 1, bookings: [booking('cancelled')] }))
    renderTable()
    expect(screen.getByText('Cancelled')).toBeInTheDocument()
  })

  it('asks before cancelling, naming the stay', async () => {
    await menuItemsFor('unconfirmed')
    await userEvent.click(within(screen.getByRole('menu')).getByText('Cancel booking'))
    expect(await screen.findByRole('dialog', { name: 'Cancel booking #7?' })).toHaveTextContent(
      'Ana Sousa will not stay in cabin 001 from Jun 15 2026 to Jun 20 2026',
    )
  })
})

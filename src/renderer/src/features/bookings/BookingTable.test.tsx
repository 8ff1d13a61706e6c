import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { BookingTable } from './BookingTable'
import { useBookings } from './useBookings'

vi.mock('./useBookings', () => ({ useBookings: vi.fn() }))

const loaded = (overrides: Partial<ReturnType<typeof useBookings>>): ReturnType<typeof useBookings> => ({
  bookings: [],
  count: 0,
  page: 1,
  isLoading: false,
  isChangingPage: false,
  error: null,
  ...overrides,
})

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

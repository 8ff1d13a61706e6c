import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { TodayActivity as Activity } from './service'
import { TodayActivity } from './TodayActivity'

const checkout = vi.fn()
vi.mock('../check-in-out/useCheckout', () => ({ useCheckout: () => ({ checkout, isCheckingOut: false }) }))

function renderWithProviders(children: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  )
}

const TODAY = '2026-11-18'
const guest = (fullName: string) => ({ fullName, nationality: 'Portugal', countryFlag: null })

const activities: Activity[] = [
  {
    id: 15,
    kind: 'departure',
    status: 'checked-in',
    numNights: 1,
    cabinName: '003',
    guests: guest('Jonas Berg'),
  },
  {
    id: 16,
    kind: 'departure',
    status: 'checked-out',
    numNights: 4,
    cabinName: '004',
    guests: guest('Mia Holm'),
  },
  {
    id: 11,
    kind: 'arrival',
    status: 'checked-in',
    numNights: 2,
    cabinName: '002',
    guests: guest('Lea Roth'),
  },
  {
    id: 12,
    kind: 'arrival',
    status: 'unconfirmed',
    numNights: 3,
    cabinName: '001',
    guests: guest('Ana Silva'),
  },
]

beforeEach(() => checkout.mockReset())

describe('TodayActivity', () => {
  it('holds a placeholder, and says nothing yet, while the activities are on their way', () => {
    const { container } = renderWithProviders(<TodayActivity today={TODAY} />)
    expect(screen.getByRole('heading', { name: 'Today' })).toBeInTheDocument()
    expect(container.querySelector('.ant-skeleton')).not.toBeNull()
    expect(screen.queryByText('No activity today')).not.toBeInTheDocument()
  })

  it('says so when nobody arrives or leaves today', () => {
    renderWithProviders(<TodayActivity today={TODAY} activities={[]} />)
    expect(screen.getByText('No activity today')).toBeInTheDocument()
  })

  it('shows the date and how far the day has come', () => {
    renderWithProviders(<TodayActivity today={TODAY} activities={activities} />)
    expect(screen.getByText('Wed, Nov 18, 2026')).toBeInTheDocument()
    expect(screen.getByText('1 of 2 arrived, 1 of 2 departed')).toBeInTheDocument()
  })

  it('keeps the guests done today, marked, without a button, each name linking to its booking', () => {
    renderWithProviders(<TodayActivity today={TODAY} activities={activities} />)
    const [departing, departed, arrived, arriving] = screen.getAllByRole('listitem')

    expect(within(departed).getByText('Departed')).toBeInTheDocument()
    expect(within(departed).queryByRole('button')).not.toBeInTheDocument()
    expect(within(arrived).getByText('Arrived')).toBeInTheDocument()
    expect(within(arrived).queryByRole('link', { name: 'Check in' })).not.toBeInTheDocument()

    expect(within(arriving).getByText('Arriving')).toBeInTheDocument()
    expect(within(arriving).getByText('Cabin 001 · 3 nights')).toBeInTheDocument()
    expect(within(arriving).getByRole('img', { name: 'Flag of Portugal' })).toBeInTheDocument()
    expect(within(arriving).getByRole('link', { name: 'Check in' })).toHaveAttribute('href', '/checkin/12')
    expect(within(arriving).getByRole('link', { name: 'Ana Silva' })).toHaveAttribute('href', '/bookings/12')
    expect(within(departing).getByText('Cabin 003 · 1 night')).toBeInTheDocument()
  })

  it('asks before checking a guest out, naming the guest and the cabin', async () => {
    renderWithProviders(<TodayActivity today={TODAY} activities={activities} />)
    const [departing] = screen.getAllByRole('listitem')
    await userEvent.click(within(departing).getByRole('button', { name: 'Check out' }))

    const dialog = await screen.findByRole('dialog', { name: 'Check out Jonas Berg?' })
    expect(dialog).toHaveTextContent('Jonas Berg leaves cabin 003 after 1 night.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(checkout).not.toHaveBeenCalled()

    await userEvent.click(within(departing).getByRole('button', { name: 'Check out' }))
    const again = await screen.findByRole('dialog', { name: 'Check out Jonas Berg?' })
    await userEvent.click(within(again).getByRole('button', { name: 'Check out' }))
    expect(checkout).toHaveBeenCalledWith(15, expect.anything())
  })

  it('says what failed, with a retry, when the list could not be loaded', async () => {
    const retry = vi.fn()
    const error = new Error("Today's arrivals and departures could not be loaded", {
      cause: new Error('boom'),
    })
    renderWithProviders(<TodayActivity today={TODAY} error={error} onRetry={retry} />)
    expect(screen.getByText("Today's arrivals and departures could not be loaded")).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalled()
  })
})

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
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

const guest = (fullName: string) => ({ fullName, nationality: 'Portugal', countryFlag: null })

const activities: Activity[] = [
  { id: 12, status: 'unconfirmed', numNights: 3, guests: guest('Ana Silva') },
  { id: 15, status: 'checked-in', numNights: 1, guests: guest('Jonas Berg') },
]

describe('TodayActivity', () => {
  it('holds a placeholder, and says nothing yet, while the activities are on their way', () => {
    const { container } = renderWithProviders(<TodayActivity />)
    expect(screen.getByRole('heading', { name: 'Today' })).toBeInTheDocument()
    expect(container.querySelector('.ant-skeleton')).not.toBeNull()
    expect(screen.queryByText('No activity today')).not.toBeInTheDocument()
  })

  it('says so when nobody arrives or leaves today', () => {
    renderWithProviders(<TodayActivity activities={[]} />)
    expect(screen.getByText('No activity today')).toBeInTheDocument()
  })

  it('links an arrival to its check-in and checks a departure out', async () => {
    renderWithProviders(<TodayActivity activities={activities} />)
    const [arrival, departure] = screen.getAllByRole('listitem')

    expect(within(arrival).getByText('Arriving')).toBeInTheDocument()
    expect(within(arrival).getByText('Ana Silva')).toBeInTheDocument()
    expect(within(arrival).getByText('3 nights')).toBeInTheDocument()
    expect(within(arrival).getByRole('img', { name: 'Flag of Portugal' })).toBeInTheDocument()
    expect(within(arrival).getByRole('link', { name: 'Check in' })).toHaveAttribute('href', '/checkin/12')

    expect(within(departure).getByText('Departing')).toBeInTheDocument()
    expect(within(departure).getByText('1 night')).toBeInTheDocument()
    await userEvent.click(within(departure).getByRole('button', { name: 'Check out' }))
    expect(checkout).toHaveBeenCalledWith(15)
  })
})

import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { Pagination } from './Pagination'

function Location() {
  return <output aria-label="location">{useLocation().search}</output>
}

function renderAt(search: string, count: number) {
  render(
    <MemoryRouter initialEntries={[`/bookings${search}`]}>
      <Pagination count={count} />
      <Location />
    </MemoryRouter>,
  )
}

describe('Pagination', () => {
  it('is hidden for a single page', () => {
    renderAt('', 10)
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Next/ })).not.toBeInTheDocument()
  })

  it('says which rows are shown and moves between pages', async () => {
    renderAt('?status=checked-in&page=2', 24)
    expect(screen.getByText('Showing 11 to 20 of 24 results')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Next/ }))
    expect(screen.getByLabelText('location')).toHaveTextContent('?status=checked-in&page=3')
    expect(screen.getByText('Showing 21 to 24 of 24 results')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled()
  })

  it('cannot go before the first page', () => {
    renderAt('', 24)
    expect(screen.getByText('Showing 1 to 10 of 24 results')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled()
  })
})

import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { Pagination, pageNumbers } from './Pagination'

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

  it('jumps straight to a page by its number, keeping the filter', async () => {
    renderAt('?status=checked-in', 106)
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    await userEvent.click(screen.getByRole('button', { name: 'Page 11' }))
    expect(screen.getByLabelText('location')).toHaveTextContent('?status=checked-in&page=11')
    expect(screen.getByText('Showing 101 to 106 of 106 results')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Page 11' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current')
  })

  it('jumps to a page from the keyboard', async () => {
    renderAt('?page=5', 106)
    // Previous, then the pages 1, 4, 5, 6 and 11.
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Page 4' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByLabelText('location')).toHaveTextContent('?page=4')
  })
})

describe('pageNumbers', () => {
  it('lists every page when there are few', () => {
    expect(pageNumbers(1, 2)).toEqual([1, 2])
    expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('keeps the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pageNumbers(1, 11)).toEqual([1, 2, 'gap', 11])
    expect(pageNumbers(6, 11)).toEqual([1, 'gap', 5, 6, 7, 'gap', 11])
    expect(pageNumbers(11, 11)).toEqual([1, 'gap', 10, 11])
  })

  it('shows a single missing page instead of a gap for it', () => {
    expect(pageNumbers(4, 11)).toEqual([1, 2, 3, 4, 5, 'gap', 11])
    expect(pageNumbers(8, 11)).toEqual([1, 'gap', 7, 8, 9, 10, 11])
  })
})

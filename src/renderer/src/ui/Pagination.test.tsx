import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { Pagination, pageNumbers, StepPagination } from './Pagination'

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

describe('StepPagination', () => {
  function renderSteps(search: string, hasNext: boolean, shown: number) {
    render(
      <MemoryRouter initialEntries={[`/activity${search}`]}>
        <StepPagination hasNext={hasNext} pageSize={20} shown={shown} />
        <Location />
      </MemoryRouter>,
    )
  }

  it('is hidden when the first page is the only one', () => {
    renderSteps('', false, 7)
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
  })

  it('says which rows are shown without a total, and steps to the next and previous pages', async () => {
    renderSteps('?kind=bookings&page=2', true, 20)
    expect(screen.getByText('Showing 21 to 40')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Next/ }))
    expect(screen.getByLabelText('location')).toHaveTextContent('?kind=bookings&page=3')
    await userEvent.click(screen.getByRole('button', { name: /Previous/ }))
    expect(screen.getByLabelText('location')).toHaveTextContent('?kind=bookings&page=2')
  })

  it('offers no next page on the last one', () => {
    renderSteps('?page=3', false, 5)
    expect(screen.getByText('Showing 41 to 45')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled()
  })
})

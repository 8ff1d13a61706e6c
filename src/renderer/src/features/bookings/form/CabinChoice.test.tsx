import type { UseQueryResult } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { CabinChoice } from './CabinChoice'
import type { FreeCabin, StaySuggestion } from './service'

const stay = { startDate: '2027-01-11', endDate: '2027-01-15', numGuests: 2 }

const cabin = (name: string, id: number, regularPrice: number, discount: number): FreeCabin => ({
  id,
  name,
  maxCapacity: 4,
  regularPrice,
  discount,
  image: null,
  pricePerNight: regularPrice - discount,
  numNights: 4,
  cabinPrice: (regularPrice - discount) * 4,
})

/** The part of a query result CabinChoice reads. */
function answered<Data>(data: Data): UseQueryResult<Data> {
  return { data, isPending: false, isError: false, error: null, isFetching: false, refetch: vi.fn() } as never
}

const pending = { data: undefined, isPending: true, isError: false, error: null } as never
const noSuggestions = answered<StaySuggestion[]>([])

describe('CabinChoice', () => {
  it('asks for the stay first, and offers nothing until then', () => {
    render(
      <CabinChoice stay={undefined} freeCabins={pending} suggestions={pending} onPickSuggestion={vi.fn()} />,
    )
    expect(screen.getByText(/Choose the dates and the number of guests/)).toBeInTheDocument()
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
  })

  it('offers each free cabin with its capacity, its price per night after discount and its price for the stay', async () => {
    const onChange = vi.fn()
    render(
      <CabinChoice
        stay={stay}
        freeCabins={answered([cabin('003', 3, 300, 0), cabin('004', 4, 500, 50)])}
        suggestions={noSuggestions}
        onChange={onChange}
        onPickSuggestion={vi.fn()}
      />,
    )
    const discounted = screen.getByRole('radio', { name: /^Cabin 004/ })
    expect(discounted.closest('label')).toHaveTextContent(
      'Cabin 004Fits up to 4 guests$450.00 / night (regular $500.00)$1,800.00 for 4 nights',
    )
    await userEvent.click(discounted)
    expect(onChange).toHaveBeenCalledWith(4)
  })

  it('when none is free, says so and sets the nearest free dates in one click', async () => {
    const onPickSuggestion = vi.fn()
    const nearest = { startDate: '2027-01-12', endDate: '2027-01-16', freeCabins: 2 }
    render(
      <CabinChoice
        stay={stay}
        freeCabins={answered<FreeCabin[]>([])}
        suggestions={answered([nearest])}
        onPickSuggestion={onPickSuggestion}
      />,
    )
    expect(
      screen.getByText('No cabin for 2 guests is free for every night from Jan 11 2027 to Jan 15 2027.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Jan 12 2027 – Jan 16 2027 (2 cabins)' }))
    expect(onPickSuggestion).toHaveBeenCalledWith(nearest)
  })

  it('says when the free cabins could not be loaded, and asks again on request', async () => {
    const failed = {
      ...answered(undefined),
      isError: true,
      error: new Error('Free cabins could not be loaded', { cause: { message: 'connection refused' } }),
    } as never as UseQueryResult<FreeCabin[]>
    render(<CabinChoice stay={stay} freeCabins={failed} suggestions={pending} onPickSuggestion={vi.fn()} />)
    expect(screen.getByText('Free cabins could not be loaded')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(failed.refetch).toHaveBeenCalledOnce()
  })
})

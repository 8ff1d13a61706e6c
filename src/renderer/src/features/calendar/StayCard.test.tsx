import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { useCallback } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CalendarBooking } from './service'
import { StayCard, useStayCard } from './StayCard'

const stay = (id: number, guestName: string, isPaid: boolean): CalendarBooking => ({
  id,
  cabinId: 3,
  startDate: '2026-11-18',
  endDate: '2026-11-21',
  numNights: 3,
  numGuests: 2,
  status: 'unconfirmed',
  totalPrice: 750,
  isPaid,
  guestName,
  countryFlag: 'pt',
})
const STAYS = [stay(1, 'Ana Lima', true), stay(2, 'Bo Berg', false)]

/** Two bars and something else, in an element holding the card's events, as the grid does. */
function Grid({ isDragging = false }: { isDragging?: boolean }) {
  const stayOf = useCallback((id: number) => STAYS.find((candidate) => candidate.id === id), [])
  const { shown, card, cardId, handlers } = useStayCard(stayOf)
  return (
    <div {...handlers}>
      {STAYS.map((booking) => (
        <a key={booking.id} href={`#/bookings/${booking.id}`} data-booking-id={booking.id}>
          <span>{booking.guestName}</span>
        </a>
      ))}
      <p>A free day</p>
      <StayCard
        shown={shown}
        card={card}
        cardId={cardId}
        rowTop={() => 0}
        from="2026-11-16"
        days={14}
        isDragging={isDragging}
      />
    </div>
  )
}

const bar = (name: string) => screen.getByRole('link', { name })
/** The card on screen: neither hidden nor fading out (jsdom never ends a transition). */
function card(): HTMLElement | null {
  const popover = document.querySelector<HTMLElement>('.ant-popover')
  return popover && !/-hidden|-leave/.test(popover.className) ? within(popover).getByRole('tooltip') : null
}
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('the calendar’s one hover and focus card', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('opens on a focused bar with its stay, describes the bar, and closes on Escape', async () => {
    render(<Grid />)
    act(() => bar('Ana Lima').focus())
    const opened = card()!
    expect(opened).toHaveTextContent('Payment')
    expect(opened).toHaveTextContent('Paid')
    expect(bar('Ana Lima')).toHaveAttribute('aria-describedby', opened.id)

    act(() => bar('Bo Berg').focus())
    expect(card()).toHaveTextContent('Will pay at property')
    expect(bar('Ana Lima')).not.toHaveAttribute('aria-describedby')
    expect(bar('Bo Berg')).toHaveAttribute('aria-describedby', card()!.id)

    fireEvent.keyDown(window, { key: 'Escape' })
    await wait(1000)
    expect(bar('Bo Berg')).not.toHaveAttribute('aria-describedby')
    expect(card()).toBeNull()
  })

  it('opens after the pointer rests on a bar, stays while it is on the card, closes once it is gone', async () => {
    render(<Grid />)
    const ana = bar('Ana Lima')
    fireEvent.pointerOver(ana.firstChild!)
    await wait(250)
    expect(card()).toBeNull()
    await wait(50)
    expect(card()).toHaveTextContent('Ana Lima')

    // On to the card (outside the grid, in a portal): it stays.
    const opened = card()!
    fireEvent.pointerOut(ana.firstChild!, { relatedTarget: opened })
    fireEvent.pointerOver(opened)
    await wait(500)
    expect(card()).toHaveTextContent('Ana Lima')

    // Away from both: gone after a moment.
    fireEvent.pointerOut(opened, { relatedTarget: screen.getByText('A free day') })
    fireEvent.pointerOver(screen.getByText('A free day'))
    await wait(1000)
    expect(card()).toBeNull()
  })

  it('never opens for a pointer only passing over a bar', async () => {
    render(<Grid />)
    fireEvent.pointerOver(bar('Ana Lima'))
    await wait(200)
    fireEvent.pointerOver(screen.getByText('A free day'))
    await wait(1000)
    expect(card()).toBeNull()
  })

  it('stays closed while something is dragged', () => {
    render(<Grid isDragging />)
    act(() => bar('Ana Lima').focus())
    expect(card()).toBeNull()
  })
})

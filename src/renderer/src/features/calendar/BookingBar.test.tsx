import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { BookingBar, heldBar } from './BookingBar'
import type { CalendarBooking } from './service'

const stay = (status: string): CalendarBooking => ({
  id: 7,
  cabinId: 3,
  startDate: '2026-11-18',
  endDate: '2026-11-21',
  numNights: 3,
  numGuests: 2,
  status,
  totalPrice: 750,
  isPaid: true,
  guestName: 'Ana Lima',
  countryFlag: 'pt',
})

function drawBar(status: string) {
  return render(
    <BookingBar
      booking={stay(status)}
      href="#/bookings/7"
      placement={{ startHalf: 3, endHalf: 9, isCutAtStart: false, isCutAtEnd: false }}
      days={14}
      fit={{ hasFlag: true, hasNights: true }}
      isMoving={false}
    />,
  )
}

describe('BookingBar', () => {
  it('is a plain link to its booking, named for it', () => {
    drawBar('unconfirmed')
    expect(screen.getByRole('link', { name: 'Booking #7, Ana Lima, 3 nights' }).getAttribute('href')).toBe(
      '#/bookings/7',
    )
  })

  it('says how a press anywhere on it holds it: moved whole, stretched by its end', () => {
    const { container } = drawBar('unconfirmed')
    const link = screen.getByRole('link')
    expect(heldBar(screen.getByText('Ana Lima'))).toEqual({ bookingId: 7, grip: 'move' })
    expect(heldBar(link.firstElementChild)).toEqual({ bookingId: 7, grip: 'move' })
    expect(heldBar(container.querySelector('[aria-hidden]'))).toEqual({ bookingId: 7, grip: 'resize' })
  })

  it('is only stretched when checked in, and only held when checked out', () => {
    const checkedIn = drawBar('checked-in')
    expect(heldBar(screen.getByText('Ana Lima'))).toEqual({ bookingId: 7, grip: 'hold' })
    expect(heldBar(checkedIn.container.querySelector('[aria-hidden]'))).toEqual({
      bookingId: 7,
      grip: 'resize',
    })
    checkedIn.unmount()
    const checkedOut = drawBar('checked-out')
    expect(checkedOut.container.querySelector('[aria-hidden]')).toBeNull()
    expect(heldBar(screen.getByText('Ana Lima'))).toEqual({ bookingId: 7, grip: 'hold' })
  })

  it('holds nothing off a bar', () => {
    expect(heldBar(document.body)).toBeNull()
    expect(heldBar(null)).toBeNull()
  })
})

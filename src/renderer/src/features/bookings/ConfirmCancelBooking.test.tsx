import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmCancelBooking, type CancellableBooking } from './ConfirmCancelBooking'

const booking: CancellableBooking = {
  id: 12,
  startDate: '2026-11-20',
  endDate: '2026-11-24',
  cabins: { name: '003' },
  guests: { fullName: 'Ana Sousa' },
}

describe('ConfirmCancelBooking', () => {
  it('names the stay, says the cabin is freed and the booking kept, and cancels only when asked', async () => {
    const onConfirm = vi.fn()
    const onClose = vi.fn()
    render(
      <ConfirmCancelBooking booking={booking} isCancelling={false} onConfirm={onConfirm} onClose={onClose} />,
    )

    expect(screen.getByRole('dialog', { name: 'Cancel booking #12?' })).toBeInTheDocument()
    expect(
      screen.getByText(
        'Ana Sousa will not stay in cabin 003 from Nov 20 2026 to Nov 24 2026: the cabin becomes free for those nights.',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText(/The booking is kept, marked Cancelled, and can be deleted later/),
    ).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Keep booking' }))
    expect(onClose).toHaveBeenCalledOnce()
    expect(onConfirm).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }))
    expect(onConfirm).toHaveBeenCalledWith(booking)
  })

  it('stays closed without a booking', () => {
    render(<ConfirmCancelBooking booking={null} isCancelling={false} onConfirm={vi.fn()} onClose={vi.fn()} />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('disables both buttons while cancelling', () => {
    render(<ConfirmCancelBooking booking={booking} isCancelling onConfirm={vi.fn()} onClose={vi.fn()} />)
    expect(screen.getByRole('button', { name: 'Keep booking' })).toBeDisabled()
    expect(screen.getByRole('button', { name: /Cancel booking/ })).toBeDisabled()
  })
})

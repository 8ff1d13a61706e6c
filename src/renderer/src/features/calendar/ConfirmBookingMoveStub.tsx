// A stand-in for h-calmove's features/calendar/move/ (the contract's signature), deleted at merge.
import { Modal } from 'antd'
import type { CalendarBooking } from './service'

export interface BookingMove {
  booking: CalendarBooking
  cabinId: number
  startDate: string
  endDate: string
}

export function ConfirmBookingMove({
  move,
  cabinName,
  onClose,
}: {
  move: BookingMove | null
  cabinName: (cabinId: number) => string
  onClose: (outcome: 'moved' | 'kept' | 'refused') => void
}) {
  return (
    <Modal
      open={move !== null}
      title="Move booking"
      okText="Move booking"
      cancelText="Keep as it was"
      onOk={() => onClose('kept')}
      onCancel={() => onClose('kept')}
    >
      {move && `${cabinName(move.cabinId)}: ${move.startDate} — ${move.endDate}`}
    </Modal>
  )
}

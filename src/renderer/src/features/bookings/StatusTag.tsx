import { Tag } from 'antd'
import { BOOKING_STATUS_LABELS, type BookingStatus } from '@shared/domain/bookings'
import styles from './StatusTag.module.css'

const STATUS_CLASSES: Record<BookingStatus, string> = {
  unconfirmed: styles.unconfirmed,
  'checked-in': styles.checkedIn,
  'checked-out': styles.checkedOut,
  cancelled: styles.cancelled,
}

/** Unconfirmed blue, checked-in green, checked-out silver (spec §4), cancelled a muted red (issue 16). */
export function StatusTag({ status }: { status: BookingStatus }) {
  return (
    <Tag variant="filled" className={`${styles.tag} ${STATUS_CLASSES[status]}`}>
      {BOOKING_STATUS_LABELS[status]}
    </Tag>
  )
}

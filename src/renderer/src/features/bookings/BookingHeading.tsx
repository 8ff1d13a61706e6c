import type { ReactNode } from 'react'
import { PageHeading } from '../../ui/PageHeading'
import styles from './BookingHeading.module.css'
import { StatusTag } from './StatusTag'
import type { Booking } from './types'

/** "Booking #12" with its status tag, and the screen's controls on the right. */
export function BookingHeading({ booking, children }: { booking: Booking; children?: ReactNode }) {
  return (
    <PageHeading
      title={
        <span className={styles.title}>
          Booking #{booking.id}
          <StatusTag status={booking.status} />
        </span>
      }
    >
      {children}
    </PageHeading>
  )
}

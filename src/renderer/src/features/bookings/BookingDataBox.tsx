import { CheckCircleOutlined, CommentOutlined, DollarOutlined, HomeOutlined } from '@ant-design/icons'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { nightsLabel, paymentStatusLabel } from '@shared/domain/bookings'
import {
  formatCurrency,
  formatDistanceFromToday,
  formatStayDate,
  formatTimestamp,
  plural,
} from '@shared/domain/format'
import { today } from '@shared/clock'
import { CountryFlag } from '../../ui/CountryFlag'
import styles from './BookingDataBox.module.css'
import type { Booking } from './types'

function DataItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className={styles.dataItem}>
      <span className={styles.label}>
        {icon}
        {label}
      </span>
      <span>{children}</span>
    </div>
  )
}

/** Everything about one stay, as the detail and check-in screens show it. */
export function BookingDataBox({ booking }: { booking: Booking }) {
  const { startDate, endDate, numNights, numGuests, cabinPrice, extrasPrice, totalPrice } = booking
  const guest = booking.guests
  const country = guest?.nationality ?? 'unknown country'

  return (
    <section className={styles.box} aria-label="Booking summary">
      <header className={styles.header}>
        <div className={styles.stay}>
          <HomeOutlined className={styles.headerIcon} />
          <p>
            {nightsLabel(numNights)} in Cabin <span className={styles.cabinName}>{booking.cabins?.name}</span>
          </p>
        </div>
        <p className={styles.dates}>
          {formatStayDate(startDate)} ({formatDistanceFromToday(startDate, today())}) &mdash;{' '}
          {formatStayDate(endDate)}
        </p>
      </header>

      <div className={styles.body}>
        <div className={styles.guest}>
          <CountryFlag flag={guest?.countryFlag ?? null} country={country} />
          <p className={styles.guestName}>
            {guest && (
              <Link to={`/guests/${guest.id}`} className={styles.guestLink}>
                {guest.fullName}
              </Link>
            )}{' '}
            {numGuests > 1 && <span className={styles.otherGuests}>+ {plural(numGuests - 1, 'guest')}</span>}
          </p>
          {guest?.email && (
            <>
              <span aria-hidden>&bull;</span>
              <p>{guest.email}</p>
            </>
          )}
          {guest?.nationalID && (
            <>
              <span aria-hidden>&bull;</span>
              <p>National ID {guest.nationalID}</p>
            </>
          )}
        </div>

        {booking.observations && (
          <DataItem icon={<CommentOutlined />} label="Observations">
            {booking.observations}
          </DataItem>
        )}
        <DataItem icon={<CheckCircleOutlined />} label="Breakfast included?">
          {booking.hasBreakfast ? 'Yes' : 'No'}
        </DataItem>

        <div className={`${styles.price} ${booking.isPaid ? styles.paid : styles.unpaid}`}>
          <DataItem icon={<DollarOutlined />} label="Total price">
            <span className={styles.amount}>{formatCurrency(totalPrice)}</span>
            {booking.hasBreakfast && (
              <span className={styles.breakdown}>
                {' '}
                ({formatCurrency(cabinPrice)} cabin + {formatCurrency(extrasPrice)} breakfast)
              </span>
            )}
          </DataItem>
          <p className={styles.paidStatus}>{paymentStatusLabel(booking)}</p>
        </div>
      </div>

      <footer className={styles.footer}>Booked {formatTimestamp(booking.created_at)}</footer>
    </section>
  )
}

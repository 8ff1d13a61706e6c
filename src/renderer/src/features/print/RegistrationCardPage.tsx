import type { ReactNode } from 'react'
import { nightsLabel, paymentStatusLabel } from '@shared/domain/bookings'
import { formatCurrency, formatStayDate } from '@shared/domain/format'
import { today } from '@shared/clock'
import { Empty } from '../../ui/Empty'
import { QueryStates, shownData } from '../../ui/QueryStates'
import { DetailSkeleton } from '../../ui/Skeletons'
import type { Booking } from '../bookings/types'
import { useBooking } from '../bookings/useBooking'
import { Letterhead } from './Letterhead'
import { PrintToolbar } from './PrintToolbar'
import styles from './Print.module.css'

/** One A4 page the guest checks and signs at check-in. */
export default function RegistrationCardPage() {
  const bookingQuery = useBooking()
  const booking = shownData(bookingQuery)
  const id = booking?.id
  return (
    <>
      <PrintToolbar
        backTo={id ? `/bookings/${id}` : '/bookings'}
        fileName={`Registration card ${id ?? ''}`.trim()}
        ready={booking !== undefined}
      />
      <article className={styles.sheet}>
        <Letterhead title="Registration card">{formatStayDate(today())}</Letterhead>
        <QueryStates
          query={bookingQuery}
          failedTitle="Booking could not be loaded"
          loading={<DetailSkeleton label="Registration card" />}
          notFound={<Empty resourceName="booking" />}
        >
          {(booking) => <RegistrationCard booking={booking} />}
        </QueryStates>
      </article>
    </>
  )
}

function RegistrationCard({ booking }: { booking: Booking }) {
  const guest = booking.guests
  return (
    <>
      <p className={styles.reference}>Booking #{booking.id}</p>
      <Fields title="Guest">
        <Field label="Full name">{guest?.fullName}</Field>
        <Field label="Email">{guest?.email}</Field>
        <Field label="Nationality">{guest?.nationality}</Field>
        <Field label="National ID">{guest?.nationalID}</Field>
      </Fields>
      <Fields title="Stay">
        <Field label="Cabin">{booking.cabins?.name}</Field>
        <Field label="Arrival">{formatStayDate(booking.startDate)}</Field>
        <Field label="Departure">{formatStayDate(booking.endDate)}</Field>
        <Field label="Nights">{nightsLabel(booking.numNights)}</Field>
        <Field label="Guests">{booking.numGuests}</Field>
      </Fields>
      <Fields title="Prices">
        <Field label="Cabin price">{formatCurrency(booking.cabinPrice)}</Field>
        <Field label="Breakfast">
          {booking.hasBreakfast ? `Included, ${formatCurrency(booking.extrasPrice)}` : 'Not included'}
        </Field>
        <Field label="Total price">{formatCurrency(booking.totalPrice)}</Field>
        <Field label="Payment">{paymentStatusLabel(booking)}</Field>
      </Fields>
      <section className={styles.section} aria-label="Observations">
        <h2 className={styles.sectionTitle}>Observations</h2>
        {/* Lines to write on when there are none yet. */}
        <p className={booking.observations ? styles.observationsText : styles.writeOn}>
          {booking.observations}
        </p>
      </section>
      <div className={styles.signatures}>
        <p className={styles.signature}>Guest's signature</p>
        <p className={styles.signature}>Date</p>
      </div>
    </>
  )
}

function Fields({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <dl className={styles.fields}>{children}</dl>
    </section>
  )
}

/** A label and its value over a ruled line: an empty value leaves the line for the guest to fill in. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

import type { ReactNode } from 'react'
import { nightsLabel } from '@shared/domain/bookings'
import { formatCurrency, plural } from '@shared/domain/format'
import type { StayPrices } from '@shared/domain/reservations'
import { Panel } from '../../../ui/Panel'
import styles from './BookingForm.module.css'

interface BookingSummaryProps {
  cabinName: string | undefined
  /** Known once the stay is valid and a free cabin chosen: exactly what the database will store. */
  prices: StayPrices | undefined
  numNights: number
  numGuests: number | undefined
  /** The form's buttons. */
  children: ReactNode
}

/** What will be stored, before it is: the stay in a sentence and its prices down to the total. */
export function BookingSummary({ cabinName, prices, numNights, numGuests, children }: BookingSummaryProps) {
  return (
    <Panel title="Summary">
      {cabinName && prices && numGuests ? (
        <dl className={styles.summary} aria-live="polite">
          <dt>Stay</dt>
          <dd>
            {nightsLabel(numNights)} in Cabin {cabinName} for {plural(numGuests, 'guest')}
          </dd>
          <dt>Cabin price</dt>
          <dd>{formatCurrency(prices.cabinPrice)}</dd>
          <dt>Breakfast</dt>
          <dd>{prices.extrasPrice > 0 ? formatCurrency(prices.extrasPrice) : 'Not included'}</dd>
          <dt className={styles.total}>Total price</dt>
          <dd className={styles.total}>{formatCurrency(prices.totalPrice)}</dd>
        </dl>
      ) : (
        <p className={styles.hint} aria-live="polite">
          The total is shown once the stay, its guests and a free cabin are chosen.
        </p>
      )}
      {children}
    </Panel>
  )
}

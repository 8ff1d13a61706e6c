import { Button, Tag } from 'antd'
import { useHref, useNavigate } from 'react-router-dom'
import { CountryFlag } from '../../ui/CountryFlag'
import { useCheckout } from '../check-in-out/useCheckout'
import type { TodayActivity } from './service'
import styles from './TodayActivity.module.css'
import { nightsLabel } from '@shared/domain/bookings'

function CheckInLink({ bookingId }: { bookingId: number }) {
  const navigate = useNavigate()
  const to = `/checkin/${bookingId}`
  // A real link (it can be focused and read as one) that navigates inside the app.
  return (
    <Button
      type="primary"
      size="small"
      className={styles.action}
      href={useHref(to)}
      onClick={(event) => {
        event.preventDefault()
        navigate(to)
      }}
    >
      Check in
    </Button>
  )
}

function CheckOutButton({ bookingId }: { bookingId: number }) {
  // One mutation per row, so only the row being checked out shows a spinner.
  const { checkout, isCheckingOut } = useCheckout()
  return (
    <Button
      type="primary"
      size="small"
      className={styles.action}
      loading={isCheckingOut}
      onClick={() => checkout(bookingId)}
    >
      Check out
    </Button>
  )
}

export function TodayItem({ activity }: { activity: TodayActivity }) {
  const { id, status, numNights, guests } = activity
  const isArriving = status === 'unconfirmed'
  return (
    <li className={styles.item}>
      <Tag variant="filled" className={isArriving ? styles.arriving : styles.departing}>
        {isArriving ? 'Arriving' : 'Departing'}
      </Tag>
      <CountryFlag flag={guests.countryFlag} country={guests.nationality} />
      <span className={styles.guest}>{guests.fullName}</span>
      <span className={styles.nights}>{nightsLabel(numNights)}</span>
      {isArriving ? <CheckInLink bookingId={id} /> : <CheckOutButton bookingId={id} />}
    </li>
  )
}

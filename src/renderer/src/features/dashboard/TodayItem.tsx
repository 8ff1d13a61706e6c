import { CheckOutlined } from '@ant-design/icons'
import { Button, Tag } from 'antd'
import { Link } from 'react-router-dom'
import { nightsLabel } from '@shared/domain/bookings'
import { CountryFlag } from '../../ui/CountryFlag'
import { LinkButton } from '../../ui/LinkButton'
import type { TodayActivity } from './service'
import { isDone } from './todayProgress'
import styles from './TodayActivity.module.css'

interface TodayItemProps {
  activity: TodayActivity
  /** Asks to check the departing guest out (the list confirms first). */
  onCheckOut: (activity: TodayActivity) => void
}

export function TodayItem({ activity, onCheckOut }: TodayItemProps) {
  const { id, kind, numNights, cabinName, guests } = activity
  const isArrival = kind === 'arrival'
  return (
    <li className={styles.item}>
      <Tag variant="filled" className={isArrival ? styles.arriving : styles.departing}>
        {isArrival ? 'Arriving' : 'Departing'}
      </Tag>
      <CountryFlag flag={guests.countryFlag} country={guests.nationality} />
      <Link to={`/bookings/${id}`} className={styles.guest}>
        {guests.fullName}
      </Link>
      <span className={styles.stay}>
        Cabin {cabinName} · {nightsLabel(numNights)}
      </span>
      {/* A guest done today keeps the row, with a marker where the button was: nothing moves. */}
      {isDone(activity) ? (
        <span className={styles.done}>
          <CheckOutlined aria-hidden /> {isArrival ? 'Arrived' : 'Departed'}
        </span>
      ) : isArrival ? (
        <LinkButton type="primary" size="small" className={styles.action} to={`/checkin/${id}`}>
          Check in
        </LinkButton>
      ) : (
        <Button type="primary" size="small" className={styles.action} onClick={() => onCheckOut(activity)}>
          Check out
        </Button>
      )}
    </li>
  )
}

import { BankOutlined, CalendarOutlined, ShoppingOutlined } from '@ant-design/icons'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { formatShortStayDate } from '@shared/domain/bookings'
import { formatCurrency } from '@shared/domain/format'
import { stayTotals } from '@shared/domain/guests'
import { DataTable, type DataTableColumn } from '../../ui/DataTable'
import { Empty } from '../../ui/Empty'
import { QueryStates, type QueryLike } from '../../ui/QueryStates'
import { TableSkeleton } from '../../ui/Skeletons'
import { StatCard } from '../../ui/StatCard'
import { StatusTag } from '../bookings/StatusTag'
import styles from './GuestStays.module.css'
import type { GuestStay } from './types'

const bookingPath = (stay: GuestStay) => `/bookings/${stay.id}`

// As the bookings list: the cabin with the booking's number (its link), then the stay; in a narrow
// table the number of guests steps aside.
const COLUMNS: DataTableColumn<GuestStay>[] = [
  {
    title: 'Cabin',
    key: 'cabin',
    fit: { share: 10, minWidth: 64 },
    render: (_, stay) => (
      <div className={styles.stacked}>
        <span className={styles.cabin}>{stay.cabins?.name ?? '—'}</span>
        <Link to={bookingPath(stay)} className={styles.number} aria-label={`Booking #${stay.id}`}>
          #{stay.id}
        </Link>
      </div>
    ),
  },
  {
    title: 'Dates',
    key: 'dates',
    fit: { share: 30, minWidth: 200 },
    render: (_, stay) => (
      <span className={styles.nowrap}>
        {formatShortStayDate(stay.startDate)} &mdash; {formatShortStayDate(stay.endDate)}
      </span>
    ),
  },
  {
    title: 'Nights',
    key: 'nights',
    fit: { share: 9, minWidth: 48 },
    align: 'right',
    render: (_, stay) => stay.numNights,
  },
  {
    title: 'Guests',
    key: 'guests',
    fit: { share: 9, minWidth: 48, hideBelow: 640 },
    align: 'right',
    render: (_, stay) => stay.numGuests,
  },
  {
    title: 'Status',
    key: 'status',
    fit: { share: 16, minWidth: 104 },
    render: (_, stay) => <StatusTag status={stay.status} />,
  },
  {
    title: 'Amount',
    key: 'amount',
    fit: { share: 14, minWidth: 84 },
    align: 'right',
    render: (_, stay) => <span className={styles.amount}>{formatCurrency(stay.totalPrice)}</span>,
  },
]

/** What the guest's stays add up to (cancelled ones left out); placeholders while they load. */
export function GuestTotals({ stays }: { stays: GuestStay[] | undefined }) {
  const totals = stays && stayTotals(stays)
  return (
    <div className={styles.totals}>
      <StatCard title="Stays" color="blue" icon={<ShoppingOutlined />} value={totals?.stays} />
      <StatCard title="Nights" color="indigo" icon={<CalendarOutlined />} value={totals?.nights} />
      <StatCard
        title="Amount spent"
        color="green"
        icon={<BankOutlined />}
        value={totals && formatCurrency(totals.amount)}
      />
    </div>
  )
}

/** Every booking of the guest, newest arrival first, each leading to its booking. */
export function GuestStays({ query }: { query: QueryLike<GuestStay[]> }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.heading}>
        Stays
      </h2>
      <QueryStates
        query={query}
        failedTitle="Stays could not be loaded"
        loading={<TableSkeleton columns={COLUMNS} label="Stays" rows={3} />}
        empty={<Empty message="This guest has no bookings yet." />}
        isEmpty={(stays) => stays.length === 0}
      >
        {(stays) => (
          <DataTable<GuestStay>
            aria-label="Stays"
            columns={COLUMNS}
            dataSource={stays}
            rowLink={bookingPath}
          />
        )}
      </QueryStates>
    </section>
  )
}

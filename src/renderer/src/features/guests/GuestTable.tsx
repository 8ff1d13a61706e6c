import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { formatShortStayDate, pageCount } from '@shared/domain/bookings'
import { CountryFlag } from '../../ui/CountryFlag'
import { DataTable, type DataTableColumn } from '../../ui/DataTable'
import { Empty } from '../../ui/Empty'
import { Pagination } from '../../ui/Pagination'
import { QueryStates } from '../../ui/QueryStates'
import { usePageParam } from '../../ui/searchParams'
import { TableSkeleton } from '../../ui/Skeletons'
import styles from './GuestTable.module.css'
import type { GuestDirectoryRow } from './types'
import { useGuests } from './useGuests'

const guestPath = (guest: { id: number }) => `/guests/${guest.id}`

const dash = '—'

// Minimum widths (px) keep the headers, "National ID" numbers and dates ("Nov 18 2026") on one line;
// in a narrow table the national ID, then the email step aside (both are on the guest's page).
const COLUMNS: DataTableColumn<GuestDirectoryRow>[] = [
  {
    title: 'Guest',
    key: 'guest',
    fit: { share: 26, minWidth: 150 },
    render: (_, guest) => (
      <div className={styles.guest}>
        <CountryFlag flag={guest.countryFlag} country={guest.nationality ?? 'unknown country'} />
        {/* The row's way in for the keyboard; a click anywhere on the row opens it too. */}
        <Link to={guestPath(guest)} className={styles.name}>
          {guest.fullName}
        </Link>
      </div>
    ),
  },
  {
    title: 'Email',
    key: 'email',
    fit: { share: 26, minWidth: 150, hideBelow: 720 },
    render: (_, guest) => <span className={styles.secondary}>{guest.email ?? dash}</span>,
  },
  {
    title: 'Nationality',
    key: 'nationality',
    fit: { share: 16, minWidth: 96 },
    render: (_, guest) => <span className={styles.secondary}>{guest.nationality ?? dash}</span>,
  },
  {
    title: 'National ID',
    key: 'nationalID',
    fit: { share: 14, minWidth: 96, hideBelow: 880 },
    render: (_, guest) => <span className={styles.secondary}>{guest.nationalID ?? dash}</span>,
  },
  {
    title: 'Stays',
    key: 'stays',
    fit: { share: 7, minWidth: 52 },
    align: 'right',
    render: (_, guest) => <span className={styles.number}>{guest.numStays}</span>,
  },
  {
    title: 'Last stay',
    key: 'lastStay',
    fit: { share: 12, minWidth: 92 },
    render: (_, guest) => (
      <span className={styles.date}>{guest.lastStay ? formatShortStayDate(guest.lastStay) : dash}</span>
    ),
  },
]

export function GuestTable() {
  const { query, search, page, isRefreshing } = useGuests()
  const count = query.data?.count
  const [, setPage] = usePageParam()

  // A page past the end (an old link, or its last guest just deleted) moves to the last page.
  useEffect(() => {
    if (count !== undefined && count > 0 && page > pageCount(count))
      setPage(pageCount(count), { replace: true })
  }, [count, page, setPage])

  return (
    <QueryStates
      query={query}
      failedTitle="Guests could not be loaded"
      loading={<TableSkeleton columns={COLUMNS} label="Guests" />}
      empty={search ? <Empty message={`No guest matches “${search}”.`} /> : <Empty resourceName="guests" />}
      isEmpty={({ count }) => !count}
    >
      {({ guests, count }) => (
        <DataTable<GuestDirectoryRow>
          aria-label="Guests"
          columns={COLUMNS}
          dataSource={guests}
          rowLink={guestPath}
          refreshing={isRefreshing}
          footer={pageCount(count) > 1 ? () => <Pagination count={count} /> : undefined}
        />
      )}
    </QueryStates>
  )
}

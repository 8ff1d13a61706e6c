import {
  CloseCircleOutlined,
  DeleteOutlined,
  EyeOutlined,
  LoginOutlined,
  LogoutOutlined,
} from '@ant-design/icons'
import { useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import {
  canBeCancelled,
  canBeDeleted,
  nightsLabel,
  formatShortStayDate,
  pageCount,
} from '@shared/domain/bookings'
import { formatCurrency, formatDistanceFromToday } from '@shared/domain/format'
import { today } from '@shared/clock'
import { ConfirmDelete } from '../../ui/ConfirmDelete'
import { DataTable, type DataTableColumn } from '../../ui/DataTable'
import { Empty } from '../../ui/Empty'
import { RowMenu, type RowMenuItem } from '../../ui/Menus'
import { Pagination } from '../../ui/Pagination'
import { QueryStates } from '../../ui/QueryStates'
import { usePageParam } from '../../ui/searchParams'
import { TableSkeleton } from '../../ui/Skeletons'
import { useCheckout } from '../check-in-out/useCheckout'
import styles from './BookingTable.module.css'
import { ConfirmCancelBooking } from './ConfirmCancelBooking'
import { StatusTag } from './StatusTag'
import type { BookingListItem } from './types'
import { useBookings } from './useBookings'
import { useCancelBooking } from './useCancelBooking'
import { useIsAdmin } from '../auth/useRole'
import { useDeleteBooking } from './useDeleteBooking'

const bookingPath = (booking: BookingListItem) => `/bookings/${booking.id}`

/** What a row's menu asks the table to confirm first. */
interface RowConfirmations {
  onCancel: (booking: BookingListItem) => void
  onDelete: (booking: BookingListItem) => void
}

function BookingActions({ booking, onCancel, onDelete }: { booking: BookingListItem } & RowConfirmations) {
  const navigate = useNavigate()
  const { checkout } = useCheckout()
  const isAdmin = useIsAdmin()
  const items: RowMenuItem[] = [
    {
      key: 'details',
      label: 'See details',
      icon: <EyeOutlined />,
      onClick: () => navigate(bookingPath(booking)),
    },
  ]
  if (booking.status === 'unconfirmed')
    items.push({
      key: 'checkin',
      label: 'Check in',
      icon: <LoginOutlined />,
      onClick: () => navigate(`/checkin/${booking.id}`),
    })
  if (booking.status === 'checked-in')
    items.push({
      key: 'checkout',
      label: 'Check out',
      icon: <LogoutOutlined />,
      onClick: () => checkout(booking.id),
    })
  if (canBeCancelled(booking.status))
    items.push({
      key: 'cancel',
      label: 'Cancel booking',
      icon: <CloseCircleOutlined />,
      danger: true,
      onClick: () => onCancel(booking),
    })
  // Deleting is an admin's; the front desk cancels instead.
  if (isAdmin && canBeDeleted(booking.status))
    items.push({
      key: 'delete',
      label: 'Delete booking',
      icon: <DeleteOutlined />,
      danger: true,
      onClick: () => onDelete(booking),
    })
  return <RowMenu label={`Actions for booking #${booking.id}`} items={items} />
}

// Minimum widths (px) fit the longest header, amount ("$10,120.00") and stay ("In 12 days → 10 nights
// stay") unbroken; below 760 px of table the amount steps aside (it is on the booking's screen).
function columns(confirmations: RowConfirmations): DataTableColumn<BookingListItem>[] {
  const desksToday = today()
  return [
    {
      title: 'Cabin',
      key: 'cabin',
      fit: { share: 10, minWidth: 48 },
      render: (_, booking) => (
        <div className={styles.stacked}>
          <span className={styles.cabin}>{booking.cabins?.name ?? '—'}</span>
          {/* The row's way in for the keyboard; a click anywhere on the row opens it too. */}
          <Link to={bookingPath(booking)} className={styles.number} aria-label={`Booking #${booking.id}`}>
            #{booking.id}
          </Link>
        </div>
      ),
    },
    {
      title: 'Guest',
      key: 'guest',
      fit: { share: 27, minWidth: 120 },
      render: (_, { guests }) => (
        <div className={styles.stacked}>
          <span className={styles.primary}>{guests?.fullName ?? '—'}</span>
          {guests?.email && <span className={styles.secondary}>{guests.email}</span>}
        </div>
      ),
    },
    {
      title: 'Dates',
      key: 'dates',
      fit: { share: 29, minWidth: 200 },
      render: (_, booking) => (
        <div className={styles.stacked}>
          <span className={styles.primary}>
            {formatDistanceFromToday(booking.startDate, desksToday)} &rarr; {nightsLabel(booking.numNights)}{' '}
            stay
          </span>
          <span className={styles.secondary}>
            {formatShortStayDate(booking.startDate)} &mdash; {formatShortStayDate(booking.endDate)}
          </span>
        </div>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      fit: { share: 14, minWidth: 104 },
      render: (_, booking) => <StatusTag status={booking.status} />,
    },
    {
      title: 'Amount',
      key: 'amount',
      fit: { share: 13, minWidth: 84, hideBelow: 760 },
      align: 'right',
      render: (_, booking) => <span className={styles.amount}>{formatCurrency(booking.totalPrice)}</span>,
    },
    {
      key: 'actions',
      fit: { share: 7, minWidth: 32 },
      align: 'right',
      render: (_, booking) => <BookingActions booking={booking} {...confirmations} />,
    },
  ]
}

export function BookingTable() {
  const { query, page, isChangingPage } = useBookings()
  const count = query.data?.count
  const [, setPage] = usePageParam()
  const { deleteBooking, isDeleting } = useDeleteBooking()
  const [bookingToDelete, setBookingToDelete] = useState<BookingListItem | null>(null)
  const { cancelBooking, isCancelling } = useCancelBooking()
  const [bookingToCancel, setBookingToCancel] = useState<BookingListItem | null>(null)

  // Deleting the only booking of the last page (or an old link) leaves a page past the end.
  useEffect(() => {
    if (count !== undefined && count > 0 && page > pageCount(count))
      setPage(pageCount(count), { replace: true })
  }, [count, page, setPage])

  const tableColumns = columns({ onCancel: setBookingToCancel, onDelete: setBookingToDelete })

  return (
    <>
      <QueryStates
        query={query}
        failedTitle="Bookings could not be loaded"
        loading={<TableSkeleton columns={tableColumns} label="Bookings" />}
        empty={<Empty resourceName="bookings" />}
        isEmpty={({ count }) => !count}
      >
        {({ bookings, count }) => (
          <DataTable<BookingListItem>
            aria-label="Bookings"
            columns={tableColumns}
            dataSource={bookings}
            rowLink={bookingPath}
            refreshing={isChangingPage}
            footer={pageCount(count) > 1 ? () => <Pagination count={count} /> : undefined}
          />
        )}
      </QueryStates>
      <ConfirmCancelBooking
        booking={bookingToCancel}
        isCancelling={isCancelling}
        onClose={() => setBookingToCancel(null)}
        onConfirm={({ id }) => cancelBooking(id, { onSettled: () => setBookingToCancel(null) })}
      />
      <ConfirmDelete
        resourceName="booking"
        open={bookingToDelete !== null}
        isDeleting={isDeleting}
        onCancel={() => setBookingToDelete(null)}
        onConfirm={() =>
          bookingToDelete && deleteBooking(bookingToDelete.id, { onSettled: () => setBookingToDelete(null) })
        }
      />
    </>
  )
}

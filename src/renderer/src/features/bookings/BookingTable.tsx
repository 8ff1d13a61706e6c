import { DeleteOutlined, EyeOutlined, LoginOutlined, LogoutOutlined } from '@ant-design/icons'
import type { TableColumnsType } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { nightsLabel, formatShortStayDate, pageCount } from '@shared/domain/bookings'
import { formatCurrency, formatDistanceFromToday } from '@shared/domain/format'
import { today } from '@shared/clock'
import { ConfirmDelete } from '../../ui/ConfirmDelete'
import { DataTable } from '../../ui/DataTable'
import { Empty } from '../../ui/Empty'
import { RowMenu, type RowMenuItem } from '../../ui/Menus'
import { Pagination } from '../../ui/Pagination'
import { QueryStates } from '../../ui/QueryStates'
import { usePageParam } from '../../ui/searchParams'
import { TableSkeleton } from '../../ui/Skeletons'
import { useCheckout } from '../check-in-out/useCheckout'
import styles from './BookingTable.module.css'
import { StatusTag } from './StatusTag'
import type { BookingListItem } from './types'
import { useBookings } from './useBookings'
import { useDeleteBooking } from './useDeleteBooking'

function BookingActions({ booking, onDelete }: { booking: BookingListItem; onDelete: () => void }) {
  const navigate = useNavigate()
  const { checkout } = useCheckout()
  const items: RowMenuItem[] = [
    {
      key: 'details',
      label: 'See details',
      icon: <EyeOutlined />,
      onClick: () => navigate(`/bookings/${booking.id}`),
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
  if (booking.status === 'checked-out')
    items.push({
      key: 'delete',
      label: 'Delete booking',
      icon: <DeleteOutlined />,
      danger: true,
      onClick: onDelete,
    })
  return <RowMenu label={`Actions for booking #${booking.id}`} items={items} />
}

function columns(onDelete: (booking: BookingListItem) => void): TableColumnsType<BookingListItem> {
  const desksToday = today()
  return [
    {
      title: 'Cabin',
      key: 'cabin',
      width: '10%',
      render: (_, booking) => <span className={styles.cabin}>{booking.cabins?.name ?? '—'}</span>,
    },
    {
      title: 'Guest',
      key: 'guest',
      width: '27%',
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
      width: '29%',
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
      width: '14%',
      render: (_, booking) => <StatusTag status={booking.status} />,
    },
    {
      title: 'Amount',
      key: 'amount',
      width: '13%',
      align: 'right',
      render: (_, booking) => <span className={styles.amount}>{formatCurrency(booking.totalPrice)}</span>,
    },
    {
      key: 'actions',
      width: '7%',
      align: 'right',
      render: (_, booking) => <BookingActions booking={booking} onDelete={() => onDelete(booking)} />,
    },
  ]
}

export function BookingTable() {
  const { query, page, isChangingPage } = useBookings()
  const count = query.data?.count
  const [, setPage] = usePageParam()
  const { deleteBooking, isDeleting } = useDeleteBooking()
  const [bookingToDelete, setBookingToDelete] = useState<BookingListItem | null>(null)

  // Deleting the only booking of the last page (or an old link) leaves a page past the end.
  useEffect(() => {
    if (count !== undefined && count > 0 && page > pageCount(count))
      setPage(pageCount(count), { replace: true })
  }, [count, page, setPage])

  const tableColumns = columns(setBookingToDelete)

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
            refreshing={isChangingPage}
            footer={pageCount(count) > 1 ? () => <Pagination count={count} /> : undefined}
          />
        )}
      </QueryStates>
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

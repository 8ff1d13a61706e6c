import { PlusOutlined } from '@ant-design/icons'
import { useCallback, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { today as deskToday } from '@shared/clock'
import { Empty } from '../../ui/Empty'
import { LinkButton } from '../../ui/LinkButton'
import { PageHeading } from '../../ui/PageHeading'
import { QueryStates } from '../../ui/QueryStates'
import { RowsSkeleton } from '../../ui/Skeletons'
import { CalendarGrid, ROW_HEIGHT } from './CalendarGrid'
import { CalendarToolbar } from './CalendarToolbar'
import styles from './Calendar.module.css'
import { isStayFree } from './calendarWindow'
import { ConfirmBookingMove, type BookingMove } from './move'
import { CALENDAR_FAILED, type CalendarBooking, type CalendarCabin } from './service'
import { useCalendarCabins, useCalendarWindow } from './useCalendar'
import { useCalendarDrag, type DraftStay } from './useCalendarDrag'
import { useWindowParams } from './useWindowParams'

interface CalendarData {
  cabins: CalendarCabin[]
  bookings: CalendarBooking[]
}

/** The cabins and the window's stays as one load: the grid needs both. */
function useCalendarData(from: string, days: number) {
  const cabins = useCalendarCabins()
  const stays = useCalendarWindow(from, days)
  const data: CalendarData | undefined =
    cabins.data && stays.data ? { cabins: cabins.data, bookings: stays.data } : undefined
  return {
    data,
    error: cabins.error ?? stays.error,
    isFetching: cabins.isFetching || stays.isFetching,
    refetch: () => Promise.all([cabins.refetch(), stays.refetch()]),
    // A background refresh keeps the bars as they are; only another window's wait dims them.
    isWindowLoading: stays.isPlaceholderData,
  }
}

function CalendarBoard({
  data,
  from,
  days,
  isLoading,
}: {
  data: CalendarData
  from: string
  days: number
  isLoading: boolean
}) {
  const navigate = useNavigate()
  const [move, setMove] = useState<BookingMove | null>(null)
  // The move's dialog is drawn from the first drop on (then kept, to fade out), not with the grid:
  // a closed dialog still costs a render and its styles on the way to the first draw.
  const [hasMoved, setHasMoved] = useState(false)
  if (move && !hasMoved) setHasMoved(true)
  const onSelect = useCallback(
    (stay: DraftStay) => {
      if (!isStayFree(data.bookings, stay)) return
      navigate(`/bookings/new?cabinId=${stay.cabinId}&from=${stay.startDate}&to=${stay.endDate}`)
    },
    [data.bookings, navigate],
  )
  const onDrop = useCallback((booking: CalendarBooking, stay: DraftStay) => setMove({ booking, ...stay }), [])
  const { drag, pressLane, pressBar, shouldIgnoreClick } = useCalendarDrag({
    from,
    days,
    rowHeight: ROW_HEIGHT,
    cabins: data.cabins,
    onSelect,
    onDrop,
  })
  const cabinName = (cabinId: number) =>
    data.cabins.find((cabin) => cabin.id === cabinId)?.name ?? `#${cabinId}`
  return (
    <>
      <CalendarGrid
        cabins={data.cabins}
        bookings={data.bookings}
        from={from}
        days={days}
        today={deskToday()}
        isLoading={isLoading}
        drag={drag}
        pendingMove={move}
        pressLane={pressLane}
        pressBar={pressBar}
        shouldIgnoreClick={shouldIgnoreClick}
      />
      {hasMoved && <ConfirmBookingMove move={move} cabinName={cabinName} onClose={() => setMove(null)} />}
    </>
  )
}

/**
 * The tape chart: every cabin by day, where stays are seen (bars), made (drag across free days) and
 * moved (drag a bar). The window (`?from=&days=`) is in the URL.
 */
export default function CalendarPage() {
  const [window, setWindow] = useWindowParams()
  const query = useCalendarData(window.from, window.days)
  return (
    <div className={styles.page}>
      <PageHeading
        title="Calendar"
        actions={
          <LinkButton type="primary" icon={<PlusOutlined />} to="/bookings/new">
            New booking
          </LinkButton>
        }
      >
        <CalendarToolbar window={window} today={deskToday()} onChange={setWindow} />
      </PageHeading>
      <QueryStates
        query={query}
        failedTitle={CALENDAR_FAILED}
        loading={<RowsSkeleton label="Calendar" rows={12} />}
        isEmpty={(data) => data.cabins.length === 0}
        empty={
          <Empty
            message="There are no cabins to show yet."
            action={<Link to="/cabins">Add a cabin on the Cabins screen</Link>}
          />
        }
      >
        {(data) => (
          <CalendarBoard
            data={data}
            from={window.from}
            days={window.days}
            isLoading={query.isWindowLoading}
          />
        )}
      </QueryStates>
    </div>
  )
}

import type { TodayActivity } from './service'

/** "2 of 5 arrived, 1 of 3 departed": how far the desk's day has come. */
export function todayProgress(activities: TodayActivity[]): string {
  const arrivals = activities.filter((activity) => activity.kind === 'arrival')
  const departures = activities.filter((activity) => activity.kind === 'departure')
  const arrived = arrivals.filter(isDone).length
  const departed = departures.filter(isDone).length
  return `${arrived} of ${arrivals.length} arrived, ${departed} of ${departures.length} departed`
}

/**
 * Whether the row's guest has already arrived or departed today. Named statuses, not "anything but
 * unconfirmed": a cancelled stay never arrived (the server leaves those out of the day anyway).
 */
export function isDone({ kind, status }: TodayActivity): boolean {
  return status === 'checked-out' || (kind === 'arrival' && status === 'checked-in')
}

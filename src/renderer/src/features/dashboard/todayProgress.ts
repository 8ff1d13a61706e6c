import type { TodayActivity } from './service'

/** "2 of 5 arrived, 1 of 3 departed": how far the desk's day has come. */
export function todayProgress(activities: TodayActivity[]): string {
  const arrivals = activities.filter((activity) => activity.kind === 'arrival')
  const departures = activities.filter((activity) => activity.kind === 'departure')
  const arrived = arrivals.filter((activity) => activity.status !== 'unconfirmed').length
  const departed = departures.filter((activity) => activity.status === 'checked-out').length
  return `${arrived} of ${arrivals.length} arrived, ${departed} of ${departures.length} departed`
}

/** Whether the row's guest has already arrived or departed today. */
export function isDone({ kind, status }: TodayActivity): boolean {
  return kind === 'arrival' ? status !== 'unconfirmed' : status === 'checked-out'
}

import type { Json } from '@shared/database.types'
import type { BookingStatus } from '@shared/domain/bookings'
import { supabase } from '../../lib/supabase'

export interface DashboardStats {
  bookings: number
  sales: number
  checkIns: number
  /** Share of cabin-nights sold, 0..1. */
  occupancyRate: number
  cabinCount: number
}

export interface SalesDay {
  date: string
  totalSales: number
  extrasSales: number
}

export interface StayDuration {
  duration: string
  value: number
}

/**
 * A stay arriving or departing today. Arrivals are unconfirmed (to check in) or checked-in (arrived);
 * departures are checked-in (to check out) or checked-out (departed): done rows stay in the list.
 */
export interface TodayActivity {
  id: number
  kind: 'arrival' | 'departure'
  status: BookingStatus
  numNights: number
  cabinName: string
  guests: { fullName: string; nationality: string; countryFlag: string | null }
}

export interface Dashboard {
  stats: DashboardStats
  /** One point per day of the period, oldest first. */
  salesByDay: SalesDay[]
  /** Stay-length buckets in the spec's order, empty buckets left out. */
  stayDurations: StayDuration[]
}

export interface DashboardRequest {
  today: string
  days: number
  timeZone: string
}

/** The period's figures and charts in one call: computed in SQL, not from downloaded rows. */
export async function getDashboard({ today, days, timeZone }: DashboardRequest): Promise<Dashboard> {
  const { data, error } = await supabase().rpc('get_dashboard', {
    p_today: today,
    p_days: days,
    p_time_zone: timeZone,
  })
  if (error) throw new Error('The dashboard could not be loaded', { cause: error })
  return readDashboard(data)
}

const STAT_NAMES: (keyof DashboardStats)[] = ['bookings', 'sales', 'checkIns', 'occupancyRate', 'cabinCount']
const LIST_NAMES: (keyof Omit<Dashboard, 'stats'>)[] = ['salesByDay', 'stayDurations']

const isRecord = (value: Json | undefined): value is { [key: string]: Json | undefined } =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * get_dashboard builds its answer with json_build_object, which the generated types can only call
 * Json. Its outline is checked here, so a renamed part fails as a load error instead of blank figures.
 */
export function readDashboard(data: Json): Dashboard {
  const stats = isRecord(data) ? data.stats : undefined
  if (
    !isRecord(data) ||
    !isRecord(stats) ||
    !STAT_NAMES.every((name) => typeof stats[name] === 'number') ||
    !LIST_NAMES.every((name) => Array.isArray(data[name]))
  ) {
    throw new Error('The dashboard could not be loaded', {
      cause: new Error('get_dashboard answered in an unexpected shape'),
    })
  }
  return data as unknown as Dashboard
}

/** Today's arrivals and departures, on their own: they do not depend on the period. */
export async function getTodayActivity(today: string): Promise<TodayActivity[]> {
  const { data, error } = await supabase().rpc('get_today_activity', { p_today: today })
  if (error || !Array.isArray(data)) {
    throw new Error("Today's arrivals and departures could not be loaded", {
      cause: error ?? new Error('get_today_activity answered in an unexpected shape'),
    })
  }
  return data as unknown as TodayActivity[]
}

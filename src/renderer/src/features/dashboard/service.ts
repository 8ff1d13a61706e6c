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

export interface TodayActivity {
  id: number
  status: 'unconfirmed' | 'checked-in' | 'checked-out'
  numNights: number
  guests: { fullName: string; nationality: string; countryFlag: string | null }
}

export interface Dashboard {
  stats: DashboardStats
  /** One point per day of the period, oldest first. */
  salesByDay: SalesDay[]
  /** Stay-length buckets in the spec's order, empty buckets left out. */
  stayDurations: StayDuration[]
  today: TodayActivity[]
}

export interface DashboardRequest {
  today: string
  days: number
  timeZone: string
}

/** The whole dashboard in one call: the figures are computed in SQL, not from downloaded rows. */
export async function getDashboard({ today, days, timeZone }: DashboardRequest): Promise<Dashboard> {
  const { data, error } = await supabase().rpc('get_dashboard', {
    p_today: today,
    p_days: days,
    p_time_zone: timeZone,
  })
  if (error) throw new Error('The dashboard could not be loaded', { cause: error })
  return data as Dashboard
}

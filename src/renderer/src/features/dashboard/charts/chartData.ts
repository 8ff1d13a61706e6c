import dayjs from 'dayjs'
import { STAY_BUCKETS, type StayBucket } from '@shared/domain/stays'
import type { SalesDay, StayDuration } from '../service'

const BUCKET_COLORS = {
  light: ['#ef4444', '#f97316', '#eab308', '#84cc16', '#22c55e', '#14b8a6', '#3b82f6', '#a855f7'],
  dark: ['#b91c1c', '#c2410c', '#a16207', '#4d7c0f', '#15803d', '#0f766e', '#1d4ed8', '#7e22ce'],
}

/** Colour scale for the buckets present, so a hidden bucket never shifts the others' colours. */
export function durationColorScale(durations: StayDuration[], isDarkMode: boolean) {
  const palette = BUCKET_COLORS[isDarkMode ? 'dark' : 'light']
  const domain = durations.map(({ duration }) => duration)
  const range = domain.map((duration) => {
    const index = STAY_BUCKETS.indexOf(duration as StayBucket)
    return palette[index === -1 ? palette.length - 1 : index]
  })
  return { domain, range }
}

export const SALES_SERIES = ['Total sales', 'Extras sales'] as const

export interface SalesPoint {
  date: string
  label: string
  series: (typeof SALES_SERIES)[number]
  amount: number
}

/** One point per day and series, labelled "Nov 16", in the long format the area chart plots. */
export function salesPoints(days: SalesDay[]): SalesPoint[] {
  return days.flatMap(({ date, totalSales, extrasSales }) => {
    const label = dayjs(date).format('MMM DD')
    return [
      { date, label, series: SALES_SERIES[0], amount: totalSales },
      { date, label, series: SALES_SERIES[1], amount: extrasSales },
    ]
  })
}

export const SALES_COLORS = {
  light: { 'Total sales': '#4f46e5', 'Extras sales': '#16a34a' },
  dark: { 'Total sales': '#818cf8', 'Extras sales': '#4ade80' },
}

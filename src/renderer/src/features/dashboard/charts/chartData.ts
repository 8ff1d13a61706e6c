import dayjs from 'dayjs'
import { formatPercent } from '@shared/domain/format'
import { STAY_BUCKETS, type StayBucket } from '@shared/domain/stays'
import type { SalesDay, StayDuration } from '../service'

/**
 * One colour per bucket, from the Okabe–Ito and Tol palettes that colour-blind readers tell apart,
 * each at 3:1 or more against the panel of its mode (white, #18212f). The buckets most stays fall in
 * (3 nights to 8-14 nights) take the four most distinct: blue, orange, green and pink.
 */
export const BUCKET_COLORS = {
  light: ['#8a6d00', '#aa3377', '#0072b2', '#d55e00', '#009e73', '#cc79a7', '#785ef0', '#555555'],
  dark: ['#f0e442', '#ee6677', '#56b4e9', '#e69f00', '#009e73', '#cc79a7', '#a594f9', '#bbbbbb'],
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

export interface DurationShare extends StayDuration {
  /** "50%": the bucket's share of the period's stays. */
  percent: string
}

/** Each bucket with its share of all stays, as the donut's key shows it. */
export function durationShares(durations: StayDuration[]): DurationShare[] {
  const stays = durations.reduce((sum, { value }) => sum + value, 0)
  return durations.map((bucket) => ({ ...bucket, percent: formatPercent(bucket.value / stays) }))
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

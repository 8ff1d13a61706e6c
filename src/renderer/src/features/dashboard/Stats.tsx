import { BankOutlined, BarChartOutlined, CalendarOutlined, ShoppingOutlined } from '@ant-design/icons'
import type { ReactNode } from 'react'
import { formatCurrency, formatPercent } from '@shared/domain/format'
import { StatCard, type StatColor } from '../../ui/StatCard'
import type { DashboardStats } from './service'

const FIGURES: {
  title: string
  color: StatColor
  icon: ReactNode
  show: (stats: DashboardStats) => ReactNode
}[] = [
  { title: 'Bookings', color: 'blue', icon: <ShoppingOutlined />, show: (stats) => stats.bookings },
  { title: 'Sales', color: 'green', icon: <BankOutlined />, show: (stats) => formatCurrency(stats.sales) },
  { title: 'Check ins', color: 'indigo', icon: <CalendarOutlined />, show: (stats) => stats.checkIns },
  {
    title: 'Occupancy rate',
    color: 'yellow',
    icon: <BarChartOutlined />,
    show: (stats) => formatPercent(stats.occupancyRate),
  },
]

/** The period's four figures; without `stats` (still on their way), cards of their shape. */
export function Stats({ stats }: { stats?: DashboardStats }) {
  return FIGURES.map(({ title, color, icon, show }) => (
    <StatCard key={title} title={title} color={color} icon={icon} value={stats && show(stats)} />
  ))
}

import { BankOutlined, BarChartOutlined, CalendarOutlined, ShoppingOutlined } from '@ant-design/icons'
import { formatCurrency, formatPercent } from '@shared/domain/format'
import { StatCard } from '../../ui/StatCard'
import type { DashboardStats } from './service'

export function Stats({ stats }: { stats: DashboardStats }) {
  return (
    <>
      <StatCard title="Bookings" color="blue" icon={<ShoppingOutlined />} value={stats.bookings} />
      <StatCard title="Sales" color="green" icon={<BankOutlined />} value={formatCurrency(stats.sales)} />
      <StatCard title="Check ins" color="indigo" icon={<CalendarOutlined />} value={stats.checkIns} />
      <StatCard
        title="Occupancy rate"
        color="yellow"
        icon={<BarChartOutlined />}
        value={formatPercent(stats.occupancyRate)}
      />
    </>
  )
}

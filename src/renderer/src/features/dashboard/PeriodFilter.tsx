import { Segments } from '../../ui/Segments'
import { PERIOD_OPTIONS, type PeriodParam } from './periodParam'
import { useDashboardPeriod } from './useDashboardPeriod'

export function PeriodFilter() {
  const { period, setPeriod } = useDashboardPeriod()
  return (
    <Segments<PeriodParam>
      aria-label="Period"
      size="large"
      options={PERIOD_OPTIONS}
      value={period}
      onChange={setPeriod}
    />
  )
}

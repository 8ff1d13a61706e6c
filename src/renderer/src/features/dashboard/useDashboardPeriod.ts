import { useOptionParam } from '../../ui/searchParams'
import { DEFAULT_PERIOD, PERIOD_OPTIONS } from './period'

/** The period lives in the URL (?last=7|30|90) so it survives reloads and can be linked. */
export function useDashboardPeriod() {
  const [period, setPeriod] = useOptionParam('last', PERIOD_OPTIONS, DEFAULT_PERIOD)
  return { period, days: Number(period), setPeriod }
}

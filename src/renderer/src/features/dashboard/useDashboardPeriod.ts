import { useOptionParam } from '../../ui/searchParams'
import { DEFAULT_PERIOD, PERIOD_OPTIONS, PERIOD_PARAM } from './periodParam'

/** The period lives in the URL (?last=7|30|90) so it survives reloads and can be linked. */
export function useDashboardPeriod() {
  const [period, setPeriod] = useOptionParam(PERIOD_PARAM, PERIOD_OPTIONS, DEFAULT_PERIOD)
  return { period, days: Number(period), setPeriod }
}

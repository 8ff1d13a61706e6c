import { CABINS_QUERY_KEY } from '../cabins/queryKeys'

/**
 * React Query keys of the calendar. Its window sits under `all`, which a booking's change
 * invalidates; its cabins sit under the cabins' key, which a cabin's change invalidates.
 */
export const calendarKeys = {
  all: ['calendar'] as const,
  window: (from: string, days: number) => ['calendar', from, days] as const,
  cabins: [...CABINS_QUERY_KEY, 'calendar'] as const,
}

/** React Query's key of the cabins: the list, and under it the calendar's rows (a cabin's change invalidates both). */
export const CABINS_QUERY_KEY = ['cabins'] as const

import type { GuestsQuery } from './service'

/** React Query keys of the guests data; every directory page sits under `lists`. */
export const guestKeys = {
  lists: ['guests'] as const,
  list: ({ search, sortBy, page }: GuestsQuery) => ['guests', search, sortBy, page] as const,
  /** Every guest's page: details and stays. */
  pages: ['guest'] as const,
  detail: (id: number) => ['guest', id] as const,
  stays: (id: number) => ['guest', id, 'stays'] as const,
  /** The booking form's search as you type. */
  searches: ['guest-search'] as const,
  search: (text: string) => ['guest-search', text] as const,
}

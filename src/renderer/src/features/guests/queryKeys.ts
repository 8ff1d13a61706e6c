import type { GuestsQuery } from './service'

/** React Query keys of the guests data; every directory page sits under `lists`. */
export const guestKeys = {
  lists: ['guests'] as const,
  list: ({ search, sortBy, page }: GuestsQuery) => ['guests', search, sortBy, page] as const,
  detail: (id: number) => ['guest', id] as const,
  stays: (id: number) => ['guest', id, 'stays'] as const,
}

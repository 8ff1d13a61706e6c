import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useDebouncedValue } from '../../../ui/useDebouncedValue'
import { guestKeys } from '../../guests/queryKeys'
import { searchGuests } from './service'

/** Fewer letters than this match too many guests to be worth a request. */
export const MIN_GUEST_SEARCH_LENGTH = 2

/** Guests matching what is typed, asked of the server once typing pauses. */
export function useGuestSearch(text: string) {
  const query = useDebouncedValue(text.trim())
  const isSearchable = query.length >= MIN_GUEST_SEARCH_LENGTH
  const search = useQuery({
    queryKey: guestKeys.search(query),
    queryFn: () => searchGuests(query),
    enabled: isSearchable,
    // The last answer stays listed while the next is on its way, instead of flashing empty.
    placeholderData: keepPreviousData,
  })
  return {
    guests: isSearchable ? (search.data ?? []) : [],
    isSearching: isSearchable && search.isFetching,
    // Typed but not yet asked (the pause) counts as searching too.
    isWaiting: text.trim() !== query,
    error: search.error,
    isSearchable: text.trim().length >= MIN_GUEST_SEARCH_LENGTH,
  }
}

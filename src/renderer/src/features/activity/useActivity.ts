import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useFailureToast } from '../../ui/failureToast'
import { useOptionParam, usePageParam, useTextParam } from '../../ui/searchParams'
import { KIND_OPTIONS, parseDay } from './activityFilters'
import { activityKeys } from './queryKeys'
import { getActivity, getStaffMembers, type ActivityQuery } from './service'

const activityQueryOptions = (query: ActivityQuery) => ({
  queryKey: activityKeys.list(query),
  queryFn: () => getActivity(query),
})

/** The filters the URL holds: person, kind, from, to (each absent for "any"). */
export function useActivityFilters() {
  const [person, setPerson] = useTextParam('person')
  const [kind, setKind] = useOptionParam('kind', KIND_OPTIONS, 'all')
  const [fromParam, setFrom] = useTextParam('from')
  const [toParam, setTo] = useTextParam('to')
  return {
    person,
    setPerson,
    kind,
    setKind,
    from: parseDay(fromParam),
    to: parseDay(toParam),
    setRange: (from: string, to: string) => {
      setFrom(from)
      setTo(to)
    },
  }
}

/** The page of the activity log the URL asks for, the next one prefetched. */
export function useActivity() {
  const { person, kind, from, to } = useActivityFilters()
  const [page] = usePageParam()
  const queryClient = useQueryClient()
  const activityQuery: ActivityQuery = { person, kind: kind === 'all' ? '' : kind, from, to, page }

  const query = useQuery({
    ...activityQueryOptions(activityQuery),
    // The previous page stays on screen, dimmed, until the next answer arrives.
    placeholderData: keepPreviousData,
  })
  useFailureToast(query.error)

  const hasMore = !query.isPlaceholderData && query.data?.hasMore
  useEffect(() => {
    if (hasMore) void queryClient.prefetchQuery(activityQueryOptions({ ...activityQuery, page: page + 1 }))
    // The query's fields are its identity; the object itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, hasMore, person, kind, from, to, page])

  return {
    query,
    page,
    isFiltered: Boolean(person || kind !== 'all' || from || to),
    isRefreshing: query.isPlaceholderData,
  }
}

/** Everyone on the staff, for the person filter and for naming staff in entries. */
export function useStaffMembers() {
  return useQuery({ queryKey: activityKeys.staff, queryFn: getStaffMembers, staleTime: 60_000 })
}

import { useCallback } from 'react'
import { useSearchParams } from 'react-router-dom'
import { parsePage } from '@shared/domain/bookings'
import { optionValue, type Option } from './options'

/**
 * A query parameter restricted to a list of options: an absent or unknown value reads as the
 * default. Choosing a value starts the list again from page 1.
 */
export function useOptionParam<Value extends string>(
  param: string,
  options: readonly Option<Value>[],
  defaultValue: Value,
): [Value, (value: Value) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const value = optionValue(options, searchParams.get(param), defaultValue)

  const setValue = useCallback(
    (next: Value) =>
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous)
        params.set(param, next)
        params.delete('page')
        return params
      }),
    [param, setSearchParams],
  )
  return [value, setValue]
}

/** The `page` query parameter (1 when absent or invalid) and a way to move to another page. */
export function usePageParam(): [number, (page: number, options?: { replace?: boolean }) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const page = parsePage(searchParams.get('page'))

  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) =>
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous)
        params.set('page', String(next))
        return params
      }, options),
    [setSearchParams],
  )
  return [page, setPage]
}

/**
 * A free-text query parameter ('' when absent) and a way to change it: in place of the current
 * entry (a search typed letter by letter is one step of history), back to page 1, dropped when empty.
 */
export function useTextParam(param: string): [string, (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const value = searchParams.get(param) ?? ''

  const setValue = useCallback(
    (next: string) =>
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous)
          if (next) params.set(param, next)
          else params.delete(param)
          params.delete('page')
          return params
        },
        { replace: true },
      ),
    [param, setSearchParams],
  )
  return [value, setValue]
}

import { act, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SearchBox } from './SearchBox'
import { TYPING_PAUSE_MS } from './useDebouncedValue'

function renderAt(url: string) {
  const router = createMemoryRouter(
    [{ path: '/guests', element: <SearchBox label="Search guests" placeholder="" /> }],
    { initialEntries: [url] },
  )
  render(<RouterProvider router={router} />)
  return { router, box: screen.getByRole('textbox', { name: 'Search guests' }) }
}

const search = (router: ReturnType<typeof createMemoryRouter>) => router.state.location.search

describe('SearchBox', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('puts what is typed in the address once typing pauses, back on page 1', () => {
    const { router, box } = renderAt('/guests?sortBy=fullName-desc&page=3')
    fireEvent.change(box, { target: { value: 'an' } })
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS - 50))
    fireEvent.change(box, { target: { value: 'ana ' } })
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS - 50))
    expect(search(router)).toBe('?sortBy=fullName-desc&page=3')

    act(() => vi.advanceTimersByTime(50))
    expect(search(router)).toBe('?sortBy=fullName-desc&q=ana')
    // The space typed before the next word stays in the box.
    expect(box).toHaveValue('ana ')
  })

  it('replaces the history entry instead of adding one per search', () => {
    const { router, box } = renderAt('/guests')
    fireEvent.change(box, { target: { value: 'ana' } })
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS))
    expect(search(router)).toBe('?q=ana')
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('searches at once on Enter, and an emptied box drops the search', () => {
    const { router, box } = renderAt('/guests?q=ana')
    expect(box).toHaveValue('ana')
    fireEvent.change(box, { target: { value: 'costa' } })
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 })
    expect(search(router)).toBe('?q=costa')

    fireEvent.change(box, { target: { value: '' } })
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS))
    expect(search(router)).toBe('')
  })

  it('shows the search of an address it is taken to', async () => {
    const { router, box } = renderAt('/guests?q=ana')
    await act(() => router.navigate('/guests?q=lind'))
    expect(box).toHaveValue('lind')
  })
})

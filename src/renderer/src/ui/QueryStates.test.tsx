import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { NotFoundError } from '../lib/notFound'
import { loadStateOf, QueryStates, shownData, type QueryLike } from './QueryStates'

const query = (overrides: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({
  data: undefined,
  error: null,
  refetch: vi.fn(),
  ...overrides,
})
const isEmpty = (rows: string[]) => rows.length === 0
const serverDown = new Error('Rows could not be loaded', {
  cause: { message: 'The database is not available' },
})

describe('loadStateOf', () => {
  it('tells the four states apart', () => {
    expect(loadStateOf(query({}), isEmpty)).toBe('loading')
    expect(loadStateOf(query({ error: serverDown }), isEmpty)).toBe('failed')
    expect(loadStateOf(query({ error: new NotFoundError('Row not found') }), isEmpty)).toBe('not-found')
    expect(loadStateOf(query({ data: [] }), isEmpty)).toBe('empty')
    expect(loadStateOf(query({ data: ['a'] }), isEmpty)).toBe('ready')
  })

  it('keeps data on screen when a later refresh fails', () => {
    expect(loadStateOf(query({ data: ['a'], error: serverDown }), isEmpty)).toBe('ready')
  })

  it('says "not found" once a refresh finds the record gone, whatever was shown before', () => {
    const deleted = query({ data: ['a'], error: new NotFoundError('Row not found') })
    expect(loadStateOf(deleted, isEmpty)).toBe('not-found')
    expect(shownData(deleted)).toBeUndefined()
    expect(shownData(query({ data: ['a'], error: serverDown }))).toEqual(['a'])
  })
})

function renderStates(state: QueryLike<string[]>, notFound = true) {
  render(
    <QueryStates
      query={state}
      failedTitle="Rows could not be loaded"
      loading={<p>skeleton</p>}
      notFound={notFound ? <p>No row could be found.</p> : undefined}
      empty={<p>No rows could be found.</p>}
      isEmpty={isEmpty}
    >
      {(rows) => <p>{rows.join(', ')}</p>}
    </QueryStates>,
  )
}

describe('QueryStates', () => {
  it('shows a failure with its reason and a retry, never the empty state', async () => {
    const state = query({ error: serverDown })
    renderStates(state)
    expect(screen.getByRole('heading', { name: 'Rows could not be loaded' })).toBeInTheDocument()
    expect(screen.getByText('The database is not available')).toBeInTheDocument()
    expect(screen.queryByText('No rows could be found.')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(state.refetch).toHaveBeenCalledOnce()
  })

  it('says "not found" for a record that does not exist, without a retry', () => {
    renderStates(query({ error: new NotFoundError('Row not found') }))
    expect(screen.getByText('No row could be found.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })

  it('treats a missing record as a failure where the screen has no "not found"', () => {
    renderStates(query({ error: new NotFoundError('Row not found') }), false)
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('shows the skeleton while loading', () => {
    renderStates(query({}))
    expect(screen.getByText('skeleton')).toBeInTheDocument()
  })

  it('shows the empty state for no data', () => {
    renderStates(query({ data: [] }))
    expect(screen.getByText('No rows could be found.')).toBeInTheDocument()
  })

  it('shows the data once it is there', () => {
    renderStates(query({ data: ['a', 'b'] }))
    expect(screen.getByText('a, b')).toBeInTheDocument()
  })
})

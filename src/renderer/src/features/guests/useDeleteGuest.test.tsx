import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { deleteGuest } from './service'
import { useDeleteGuest } from './useDeleteGuest'

vi.mock('./service', () => ({ deleteGuest: vi.fn() }))

function DeleteButton() {
  const { deleteGuest: remove } = useDeleteGuest()
  return <button onClick={() => remove(7)}>Delete guest</button>
}

/** The guest's page: Delete, until the page shows the guest as not found. */
function GuestPage() {
  const [isFound, setIsFound] = useState(true)
  return (
    <>
      {isFound && <DeleteButton />}
      <button onClick={() => setIsFound(false)}>Guest gone</button>
    </>
  )
}

function renderGuestPage() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/guests/7']}>
        <Routes>
          <Route path="/guests/7" element={<GuestPage />} />
          <Route path="/guests" element={<h1>All guests</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('useDeleteGuest', () => {
  it('goes back to the list once deleted, even if the page already showed the guest as not found', async () => {
    let answer!: () => void
    vi.mocked(deleteGuest).mockReturnValue(new Promise<void>((resolve) => (answer = resolve)))
    renderGuestPage()
    await userEvent.click(screen.getByRole('button', { name: 'Delete guest' }))
    // A live update read the gone guest before the delete's answer came back.
    await userEvent.click(screen.getByRole('button', { name: 'Guest gone' }))
    expect(screen.queryByRole('button', { name: 'Delete guest' })).toBeNull()
    await act(async () => answer())
    expect(await screen.findByRole('heading', { name: 'All guests' })).toBeTruthy()
  })

  it('stays on the page when the delete is refused', async () => {
    vi.mocked(deleteGuest).mockRejectedValue(new Error('Guest could not be deleted'))
    renderGuestPage()
    await userEvent.click(screen.getByRole('button', { name: 'Delete guest' }))
    await act(async () => {})
    expect(screen.queryByRole('heading', { name: 'All guests' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Delete guest' })).toBeTruthy()
  })
})

import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { PartBoundary } from './PartBoundary'

let chunkLoads = false

function Chart() {
  if (!chunkLoads) throw new Error('Failed to fetch dynamically imported module')
  return <p>Sales chart</p>
}

describe('PartBoundary', () => {
  it('shows a part that cannot be drawn as failed in its place, and draws it again after Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const onRetry = vi.fn(() => {
      chunkLoads = true
    })
    render(
      <>
        <h2>Figures</h2>
        <PartBoundary failedTitle="The sales chart could not be drawn" onRetry={onRetry}>
          <Chart />
        </PartBoundary>
      </>,
    )
    expect(screen.getByRole('heading', { name: 'The sales chart could not be drawn' })).toBeInTheDocument()
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeInTheDocument()
    // The rest of the screen stays.
    expect(screen.getByRole('heading', { name: 'Figures' })).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
    expect(screen.getByText('Sales chart')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'The sales chart could not be drawn' })).toBeNull()
  })
})

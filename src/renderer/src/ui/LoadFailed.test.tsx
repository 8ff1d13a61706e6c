import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LoadFailed } from './LoadFailed'

const failure = new Error('Settings could not be loaded', { cause: { message: 'connection refused' } })

describe('LoadFailed', () => {
  it('says what failed and why, each once, and tries again on request', async () => {
    const onRetry = vi.fn()
    render(<LoadFailed title="Settings could not be loaded" error={failure} onRetry={onRetry} />)
    expect(screen.getByRole('heading', { name: 'Settings could not be loaded' })).toBeInTheDocument()
    expect(screen.getAllByText(/Settings could not be loaded/)).toHaveLength(1)
    expect(screen.getByText('connection refused')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('as a banner, says what the screen lacks without repeating the error', () => {
    render(
      <LoadFailed
        inline
        title="Breakfast cannot be added: the settings could not be loaded"
        error={failure}
        onRetry={vi.fn()}
      />,
    )
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Breakfast cannot be added: the settings could not be loadedconnection refused',
    )
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})

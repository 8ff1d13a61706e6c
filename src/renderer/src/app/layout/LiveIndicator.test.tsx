import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { LiveStatus } from '../live/liveConnection'
import { LiveIndicator } from './LiveIndicator'

const CASES: [LiveStatus, string, RegExp][] = [
  ['connecting', 'Connecting', /^Connecting to the live updates/],
  ['live', 'Live', /^Changes made at other desks show here as they happen/],
  ['reconnecting', 'Reconnecting', /^The live connection dropped/],
  ['offline', 'Offline', /^No connection to the server/],
]

describe('LiveIndicator', () => {
  it.each(CASES)(
    'says %s in words, with a name, a description and a tooltip',
    async (status, label, meaning) => {
      render(<LiveIndicator status={status} />)
      const indicator = screen.getByRole('status', { name: `Live updates: ${label}` })
      expect(indicator).toHaveTextContent(label)
      expect(indicator).toHaveAccessibleDescription(meaning)
      // The tooltip opens from the keyboard as well as the mouse.
      await userEvent.tab()
      expect(indicator).toHaveFocus()
      expect(await screen.findByRole('tooltip')).toHaveTextContent(meaning)
    },
  )

  it('tells the states apart by more than colour: each has its own word and icon', () => {
    const looks = CASES.map(([status]) => {
      const { unmount } = render(<LiveIndicator status={status} />)
      const indicator = screen.getByRole('status')
      const look = [
        indicator.getAttribute('aria-label'),
        indicator.querySelector('[role=img]')?.getAttribute('aria-label'),
      ]
      unmount()
      return look
    })
    expect(looks).toEqual([
      ['Live updates: Connecting', 'sync'],
      ['Live updates: Live', 'check-circle'],
      ['Live updates: Reconnecting', 'sync'],
      ['Live updates: Offline', 'disconnect'],
    ])
  })
})

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Settings } from './service'
import { UpdateSettingsForm } from './UpdateSettingsForm'
import { SETTINGS_QUERY_KEY } from './useSettings'

const settings: Settings = {
  id: 1,
  minBookingLength: 3,
  maxBookingLength: 90,
  maxGuestsPerBooking: 8,
  breakfastPrice: 15,
  businessName: '',
}

const updateSettings = vi.fn()
vi.mock('./service', () => ({
  getSettings: () => new Promise(() => {}),
  updateSettings: (patch: Partial<Settings>) => updateSettings(patch),
}))

let queryClient: QueryClient

beforeEach(() => {
  updateSettings.mockReset()
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  queryClient.setQueryData(SETTINGS_QUERY_KEY, settings)
  render(
    <QueryClientProvider client={queryClient}>
      <UpdateSettingsForm />
    </QueryClientProvider>,
  )
})

/** Another desk's change arriving live: the settings query refetched. */
const changedAtAnotherDesk = (change: Partial<Settings>) =>
  act(() => queryClient.setQueryData(SETTINGS_QUERY_KEY, { ...settings, ...change }))

const NOTICE = 'The settings were changed at another desk'

describe('the settings form, kept live', () => {
  it('keeps what is being typed when the settings change at another desk, and says so', async () => {
    const breakfast = screen.getByLabelText('Breakfast price')
    await userEvent.clear(breakfast)
    await userEvent.type(breakfast, '18')
    changedAtAnotherDesk({ maxBookingLength: 60 })
    expect(await screen.findByText(NOTICE)).toBeInTheDocument()
    expect(breakfast).toHaveValue('18')
    expect(screen.getByLabelText('Maximum nights/booking')).toHaveValue('90')
  })

  it('shows the settings as they are now once reloaded', async () => {
    changedAtAnotherDesk({ maxBookingLength: 60 })
    await userEvent.click(await screen.findByRole('button', { name: 'Reload the settings' }))
    expect(screen.getByLabelText('Maximum nights/booking')).toHaveValue('60')
    expect(screen.queryByText(NOTICE)).toBeNull()
  })

  it('does not take its own save for a change at another desk', async () => {
    updateSettings.mockImplementation(async (patch: Partial<Settings>) => ({ ...settings, ...patch }))
    const breakfast = screen.getByLabelText('Breakfast price')
    await userEvent.clear(breakfast)
    await userEvent.type(breakfast, '18')
    await userEvent.tab()
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(SETTINGS_QUERY_KEY)).toMatchObject({ breakfastPrice: 18 }),
    )
    expect(screen.queryByText(NOTICE)).toBeNull()
  })
})

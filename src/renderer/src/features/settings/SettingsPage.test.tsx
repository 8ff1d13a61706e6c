import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PlatformContext } from '../../app/PlatformContext'
import { webPlatform } from '../../platform/web'
import SettingsPage from './SettingsPage'
import { SETTINGS_QUERY_KEY } from './useSettings'

const settings = {
  id: 1,
  created_at: '2026-11-24T10:00:00Z',
  minBookingLength: 3,
  maxBookingLength: 90,
  maxGuestsPerBooking: 8,
  breakfastPrice: 15,
}

function renderWith(businessName: string) {
  // The settings as loaded: the page reads them from the query cache, as after its own load.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  queryClient.setQueryData(SETTINGS_QUERY_KEY, { ...settings, businessName })
  render(
    <PlatformContext.Provider value={webPlatform}>
      <QueryClientProvider client={queryClient}>
        <SettingsPage />
      </QueryClientProvider>
    </PlatformContext.Provider>,
  )
}

describe('the settings screen', () => {
  it('shows the business’s name the owner gave on the first run', () => {
    renderWith('Cabins by the Lake')
    expect(screen.getByLabelText('Business name')).toHaveTextContent('Cabins by the Lake')
  })

  it('shows nothing for a business without a name (the demo)', () => {
    renderWith('')
    expect(screen.getByRole('heading', { name: 'Update hotel settings' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Business name')).toBeNull()
  })
})

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { App as AntdApp, ConfigProvider } from 'antd'
import { useEffect } from 'react'
import { Toaster } from 'react-hot-toast'
import { RouterProvider } from 'react-router-dom'
import type { Platform } from '../platform/types'
import { keepTabInDialogs } from '../ui/dialogFocus'
import { antdTheme } from './antdTheme'
import { DemoBanner } from './DemoBanner'
import { DarkModeProvider, useDarkMode } from './darkMode/DarkModeContext'
import { PlatformContext } from './PlatformContext'
import type { AppRouter } from './router'

function ThemedApp({ router }: { router: AppRouter }) {
  const { isDarkMode } = useDarkMode()
  useEffect(keepTabInDialogs, [])
  return (
    <ConfigProvider theme={antdTheme(isDarkMode)}>
      <AntdApp>
        <RouterProvider router={router} />
        <DemoBanner />
        <Toaster
          position="top-center"
          gutter={12}
          containerStyle={{ margin: '8px' }}
          toastOptions={{
            success: { duration: 3000 },
            error: { duration: 5000 },
            style: {
              fontSize: '16px',
              maxWidth: '500px',
              padding: '16px 24px',
              backgroundColor: 'var(--color-grey-0)',
              color: 'var(--color-grey-700)',
            },
          }}
        />
      </AntdApp>
    </ConfigProvider>
  )
}

export interface AppProps {
  platform: Platform
  queryClient: QueryClient
  router: AppRouter
}

export function App({ platform, queryClient, router }: AppProps) {
  return (
    <PlatformContext.Provider value={platform}>
      <QueryClientProvider client={queryClient}>
        <DarkModeProvider>
          <ThemedApp router={router} />
        </DarkModeProvider>
      </QueryClientProvider>
    </PlatformContext.Provider>
  )
}

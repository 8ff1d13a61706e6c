// First in the style sheet, as Ant Design's run-time styles come before the app's.
import 'virtual:antd-styles.css'
import '@fontsource/poppins/400.css'
import '@fontsource/poppins/500.css'
import '@fontsource/poppins/600.css'
import './app/theme.css'
import { createAppRouter } from './app/router'
import { createQueryClient } from './lib/queryClient'
import { initSupabase } from './lib/supabase'
import { detectPlatform } from './platform'

/**
 * The entry imports neither React DOM nor Ant Design: it connects to the backend and creates the
 * router, whose loaders start the first screen's session check and data, and only then imports the
 * app (preloaded with the page, see electron.vite.config.ts), so the requests travel while React
 * and Ant Design evaluate.
 */
async function start() {
  const platform = detectPlatform()
  try {
    initSupabase(await platform.loadBackendConfig(), platform)
  } catch (error) {
    const { mountStartFailure } = await import('./app/mount')
    mountStartFailure(error)
    return
  }
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient)
  const { mountApp } = await import('./app/mount')
  mountApp({ platform, queryClient, router })
}

void start()

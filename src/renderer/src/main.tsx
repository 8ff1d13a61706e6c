// First in the style sheet, as Ant Design's run-time styles come before the app's.
import 'virtual:antd-styles.css'
import '@fontsource/poppins/400.css'
import '@fontsource/poppins/500.css'
import '@fontsource/poppins/600.css'
import './app/theme.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { ErrorScreen } from './app/ErrorScreen'
import { createAppRouter } from './app/router'
import { createQueryClient } from './lib/queryClient'
import { initSupabase } from './lib/supabase'
import { detectPlatform } from './platform'

const root = createRoot(document.getElementById('root')!)

async function start() {
  const platform = detectPlatform()
  try {
    initSupabase(await platform.loadBackendConfig(), platform)
  } catch (error) {
    root.render(<ErrorScreen error={error} />)
    return
  }
  const queryClient = createQueryClient()
  // Creating the router starts the first screen: its chunk, the session check and its data at once.
  const router = createAppRouter(queryClient)
  root.render(
    <StrictMode>
      <App platform={platform} queryClient={queryClient} router={router} />
    </StrictMode>,
  )
}

void start()

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, type AppProps } from './App'
import { ErrorScreen } from './ErrorScreen'

const root = () => createRoot(document.getElementById('root')!)

/** Draws the app into the page: React DOM and Ant Design, imported once its requests have started. */
export function mountApp(props: AppProps): void {
  root().render(
    <StrictMode>
      <App {...props} />
    </StrictMode>,
  )
}

/** The app could not connect to its backend: says so, with the way to try again. */
export function mountStartFailure(error: unknown): void {
  root().render(<ErrorScreen error={error} />)
}

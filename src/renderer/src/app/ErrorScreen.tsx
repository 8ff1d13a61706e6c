import { Button, Result } from 'antd'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`
  if (error instanceof Error) return error.message
  return String(error)
}

/** Loading the page without its hash starts the app afresh at the root route. */
function reloadToRoot() {
  window.location.assign(window.location.pathname)
}

/** The top-level error screen: reloads to the root, which also resets every cached query. */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: '4.8rem' }}>
      <Result
        status="error"
        title="Something went wrong"
        subTitle={messageOf(error)}
        extra={
          <Button type="primary" size="large" onClick={reloadToRoot}>
            Try again
          </Button>
        }
      />
    </main>
  )
}

export function RouteErrorScreen() {
  return <ErrorScreen error={useRouteError()} />
}

import type { ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import { useSessionEnd } from '../../features/auth/useSessionEnd'
import { useUser } from '../../features/auth/useUser'
import { FullPageSpinner } from '../../ui/Spinner'

/** Only an authenticated session gets past; everyone else is sent to the login. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useUser()
  useSessionEnd()
  if (isLoading) return <FullPageSpinner />
  if (!isAuthenticated) return <Navigate to="/login" replace />
  return children
}

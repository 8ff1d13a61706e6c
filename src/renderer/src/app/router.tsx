import { createHashRouter, Navigate } from 'react-router-dom'
import { NotFoundPage } from './NotFoundPage'
import { RouteErrorScreen } from './ErrorScreen'

/** Every screen is its own chunk: the login screen loads without the dashboard's charts. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
})

export const router = createHashRouter([
  {
    errorElement: <RouteErrorScreen />,
    children: [
      {
        lazy: page(() => import('./AppLayout')),
        children: [
          { index: true, element: <Navigate replace to="/dashboard" /> },
          { path: 'dashboard', lazy: page(() => import('../features/dashboard/DashboardPage')) },
          { path: 'bookings', lazy: page(() => import('../features/bookings/BookingsPage')) },
          { path: 'bookings/:bookingId', lazy: page(() => import('../features/bookings/BookingPage')) },
          { path: 'checkin/:bookingId', lazy: page(() => import('../features/check-in-out/CheckinPage')) },
          { path: 'cabins', lazy: page(() => import('../features/cabins/CabinsPage')) },
          { path: 'users', lazy: page(() => import('../features/users/UsersPage')) },
          { path: 'settings', lazy: page(() => import('../features/settings/SettingsPage')) },
          { path: 'account', lazy: page(() => import('../features/account/AccountPage')) },
        ],
      },
      { path: 'login', lazy: page(() => import('../features/auth/LoginPage')) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
])

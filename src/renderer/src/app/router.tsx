import type { QueryClient } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { createHashRouter, Navigate, Outlet, type LoaderFunction } from 'react-router-dom'
import { startSessionCheck } from '../features/auth/userQuery'
import { loadCalendar, shouldCalendarRevalidate } from '../features/calendar/calendarQuery'
import { prefetchDashboard } from '../features/dashboard/dashboardQuery'
import { RouteTitle, type TitleHandle } from './RouteTitle'

// The entry creates the router before it imports Ant Design (main.tsx): the screens that use it
// are imported when they are first drawn.
const RouteErrorScreen = lazy(async () => ({ default: (await import('./ErrorScreen')).RouteErrorScreen }))

/** Every screen is its own chunk: the login screen loads without the dashboard's charts. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
})

/**
 * A loader that only starts queries. React Router runs it beside the route's lazy chunk, so a screen's
 * data is on its way while its code loads; the route opens without waiting for it, and the page reads
 * the answer through React Query.
 */
const titled = (title: TitleHandle['title']): { handle: TitleHandle } => ({ handle: { title } })

const starting =
  (start: (url: URL) => void): LoaderFunction =>
  ({ request }) => {
    start(new URL(request.url))
    return null
  }

/** Made once the backend is known, since its loaders start queries as soon as it is created. */
export function createAppRouter(queryClient: QueryClient) {
  return createHashRouter([
    {
      element: (
        <>
          <RouteTitle />
          <Outlet />
        </>
      ),
      errorElement: (
        <Suspense fallback={null}>
          <RouteErrorScreen />
        </Suspense>
      ),
      // Blank until the first screen's code is in: it is preloaded with the page (modulepreload).
      HydrateFallback: () => null,
      children: [
        {
          lazy: page(() => import('./AppLayout')),
          loader: starting(() => startSessionCheck(queryClient)),
          children: [
            { index: true, element: <Navigate replace to="/dashboard" /> },
            {
              path: 'dashboard',
              ...titled('Dashboard'),
              lazy: page(() => import('../features/dashboard/DashboardPage')),
              loader: starting((url) => prefetchDashboard(queryClient, url)),
            },
            {
              path: 'bookings',
              ...titled('Bookings'),
              lazy: page(() => import('../features/bookings/BookingsPage')),
            },
            {
              path: 'calendar',
              ...titled('Calendar'),
              lazy: page(() => import('../features/calendar/CalendarPage')),
              shouldRevalidate: shouldCalendarRevalidate,
              // In the entry's chunk, as the dashboard's is: opened first, the calendar's requests
              // leave before the app is evaluated (~0.3 s of main thread on a slow PC), not after.
              loader: ({ request }) => loadCalendar(queryClient, new URL(request.url)),
            },
            {
              path: 'bookings/new',
              ...titled('New booking'),
              lazy: page(() => import('../features/bookings/form/NewBookingPage')),
            },
            {
              path: 'bookings/:bookingId/edit',
              ...titled(({ bookingId }) => `Change booking #${bookingId}`),
              lazy: page(() => import('../features/bookings/form/ChangeBookingPage')),
            },
            {
              path: 'bookings/:bookingId',
              ...titled(({ bookingId }) => `Booking #${bookingId}`),
              lazy: page(() => import('../features/bookings/BookingPage')),
            },
            {
              path: 'guests',
              ...titled('Guests'),
              lazy: page(() => import('../features/guests/GuestsPage')),
            },
            {
              path: 'guests/:guestId',
              ...titled(({ guestId }) => `Guest #${guestId}`),
              lazy: page(() => import('../features/guests/GuestPage')),
            },
            {
              path: 'checkin/:bookingId',
              ...titled(({ bookingId }) => `Check in booking #${bookingId}`),
              lazy: page(() => import('../features/check-in-out/CheckinPage')),
            },
            {
              path: 'cabins',
              ...titled('Cabins'),
              lazy: page(() => import('../features/cabins/CabinsPage')),
            },
            {
              // Admins only; the rest of the staff see why, in place of the screen.
              lazy: async () => ({ Component: (await import('./layout/AdminRoute')).AdminRoute }),
              children: [
                {
                  path: 'users',
                  ...titled('Users'),
                  lazy: page(() => import('../features/users/UsersPage')),
                },
                {
                  path: 'activity',
                  ...titled('Activity'),
                  lazy: page(() => import('../features/activity/ActivityPage')),
                },
                {
                  path: 'settings',
                  ...titled('Settings'),
                  lazy: page(() => import('../features/settings/SettingsPage')),
                },
              ],
            },
            {
              path: 'account',
              ...titled('Account'),
              lazy: page(() => import('../features/account/AccountPage')),
            },
          ],
        },
        {
          // The print views (issue 20): signed in, outside the app's layout, styled for paper.
          path: 'print',
          lazy: page(() => import('./PrintLayout')),
          loader: starting(() => startSessionCheck(queryClient)),
          children: [
            {
              path: 'today',
              ...titled("Today's sheet"),
              lazy: page(() => import('../features/print/DaySheetPage')),
            },
            {
              path: 'bookings/:bookingId',
              ...titled(({ bookingId }) => `Registration card #${bookingId}`),
              lazy: page(() => import('../features/print/RegistrationCardPage')),
            },
          ],
        },
        { path: 'login', ...titled('Log in'), lazy: page(() => import('../features/auth/LoginPage')) },
        {
          path: '*',
          ...titled('Page not found'),
          lazy: async () => ({ Component: (await import('./NotFoundPage')).NotFoundPage }),
        },
      ],
    },
  ])
}

export type AppRouter = ReturnType<typeof createAppRouter>

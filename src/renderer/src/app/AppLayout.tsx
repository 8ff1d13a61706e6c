import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { SkipLink } from '../ui/SkipLink'
import { Spinner } from '../ui/Spinner'
import { Header } from './layout/Header'
import { LiveUpdates } from './live/LiveUpdates'
import { ProtectedRoute } from './layout/ProtectedRoute'
import { Sidebar } from './layout/Sidebar'
import styles from './layout/AppLayout.module.css'

const MAIN_ID = 'main-content'

/** The shell of every protected screen: sidebar, header and the page, kept live while it is open. */
export default function AppLayout() {
  return (
    <ProtectedRoute>
      <LiveUpdates>
        <SkipLink targetId={MAIN_ID} />
        <div className={styles.layout}>
          <Sidebar />
          <Header />
          {/* Focusable from code only: the skip link's target. */}
          <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
            <div className={styles.container}>
              <Suspense fallback={<Spinner />}>
                <Outlet />
              </Suspense>
            </div>
          </main>
        </div>
      </LiveUpdates>
    </ProtectedRoute>
  )
}

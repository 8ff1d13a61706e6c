import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { Spinner } from '../ui/Spinner'
import { Header } from './layout/Header'
import { ProtectedRoute } from './layout/ProtectedRoute'
import { Sidebar } from './layout/Sidebar'
import styles from './layout/AppLayout.module.css'

/** The shell of every protected screen: sidebar, header and the page. */
export default function AppLayout() {
  return (
    <ProtectedRoute>
      <div className={styles.layout}>
        <Sidebar />
        <Header />
        <main className={styles.main}>
          <div className={styles.container}>
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </ProtectedRoute>
  )
}

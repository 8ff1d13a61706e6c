import { ConfigProvider } from 'antd'
import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { Spinner } from '../ui/Spinner'
import { antdTheme } from './antdTheme'
import { usePaperColours } from './darkMode/usePaperColours'
import { ProtectedRoute } from './layout/ProtectedRoute'
import styles from './layout/PrintLayout.module.css'

/** The shell of the print views: no sidebar or header, light as paper in either display mode. */
export default function PrintLayout() {
  usePaperColours()
  return (
    <ProtectedRoute>
      <ConfigProvider theme={antdTheme(false)}>
        <main className={styles.desk}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </ConfigProvider>
    </ProtectedRoute>
  )
}

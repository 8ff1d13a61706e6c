import { useDeskStatus } from '../features/auth/useDeskStatus'
import styles from './DemoBanner.module.css'

/** On every screen of the desktop's demo folder, so nobody takes its bookings for real ones. */
export function DemoBanner() {
  if (!useDeskStatus()?.demo) return null
  return (
    <div role="status" className={styles.banner}>
      Demo data — bookings here are not real
    </div>
  )
}

import { Empty as AntdEmpty } from 'antd'
import styles from './Empty.module.css'

/** "No bookings could be found." — the empty state of a list or a single record. */
export function Empty({ resourceName }: { resourceName: string }) {
  return (
    <div className={styles.empty}>
      <AntdEmpty
        image={AntdEmpty.PRESENTED_IMAGE_SIMPLE}
        description={`No ${resourceName} could be found.`}
      />
    </div>
  )
}

import { Spin } from 'antd'
import styles from './Spinner.module.css'

/** The whole window waits: the first load, before there is a layout to show. */
export function FullPageSpinner() {
  return (
    <div className={styles.fullPage} role="status" aria-label="Loading">
      <Spin size="large" />
    </div>
  )
}

/** A section waits for its data, in the space it will fill. */
export function Spinner() {
  return (
    <div className={styles.inline} role="status" aria-label="Loading">
      <Spin size="large" />
    </div>
  )
}

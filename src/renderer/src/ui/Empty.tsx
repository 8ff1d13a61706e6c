import { Empty as AntdEmpty } from 'antd'
import styles from './Empty.module.css'

type EmptyProps =
  /** "No bookings could be found." */
  | { resourceName: string }
  /** A sentence of its own, for an empty answer to a question: "No guest matches “ana”." */
  | { message: string }

/** The empty state of a list or a single record. */
export function Empty(props: EmptyProps) {
  return (
    <div className={styles.empty}>
      <AntdEmpty
        image={AntdEmpty.PRESENTED_IMAGE_SIMPLE}
        description={'message' in props ? props.message : `No ${props.resourceName} could be found.`}
      />
    </div>
  )
}

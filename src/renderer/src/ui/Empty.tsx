import { Empty as AntdEmpty } from 'antd'
import type { ReactNode } from 'react'
import styles from './Empty.module.css'

type EmptyProps = (
  | /** "No bookings could be found." */ { resourceName: string }
    /** A sentence of its own, for an empty answer to a question: "No guest matches “ana”." */
  | { message: string }
) & {
  /** Where to go to fill it (a link to the screen that adds what is missing). */
  action?: ReactNode
}

/** The empty state of a list or a single record. */
export function Empty(props: EmptyProps) {
  return (
    <div className={styles.empty}>
      <AntdEmpty
        image={AntdEmpty.PRESENTED_IMAGE_SIMPLE}
        description={'message' in props ? props.message : `No ${props.resourceName} could be found.`}
      >
        {props.action}
      </AntdEmpty>
    </div>
  )
}

import { Button, Result } from 'antd'
import { serverMessageOf } from './failureToast'
import styles from './LoadFailed.module.css'

interface LoadFailedProps {
  /** What could not be loaded, in the catalogue's words: "Bookings could not be loaded". */
  title: string
  /** The failure, whose own and server messages are shown beneath the title. */
  error?: unknown
  /** Loads again in place. */
  onRetry: () => void
  /** The retry is under way. */
  isRetrying?: boolean
}

/** The messages an error carries beyond the title, each once. */
function detailsOf(title: string, error: unknown): string[] {
  if (!(error instanceof Error)) return []
  return [error.message, serverMessageOf(error)].filter(
    (line, index, all): line is string => !!line && line !== title && all.indexOf(line) === index,
  )
}

/**
 * A load that failed, in the place its data would be: what failed, why, and "Try again". Never
 * an empty state: an empty list and an unreachable server are different news for the desk.
 */
export function LoadFailed({ title, error, onRetry, isRetrying = false }: LoadFailedProps) {
  const details = detailsOf(title, error)
  return (
    <Result
      className={styles.failed}
      status="warning"
      title={<h2 className={styles.title}>{title}</h2>}
      subTitle={details.length ? details.join(' · ') : undefined}
      extra={
        <Button onClick={onRetry} loading={isRetrying}>
          Try again
        </Button>
      }
    />
  )
}

import { Button, Result } from 'antd'
import styles from './PartFailed.module.css'

interface PartFailedProps {
  /** What failed, as the receptionist would say it. */
  title: string
  error: Error | null
  onRetry: () => void
  /** The retry is on its way: the button says so rather than look dead. */
  isRetrying?: boolean
  className?: string
}

/**
 * One part of the dashboard could not be loaded: said in its place, with a retry, while the other
 * parts stay. (Same props as the app-wide ui/LoadFailed being built for the other screens.)
 */
export function PartFailed({ title, error, onRetry, isRetrying, className }: PartFailedProps) {
  // The backend's own words (a PostgREST error is an object with a message, not always an Error).
  const cause = (error?.cause as { message?: string } | undefined)?.message
  return (
    <Result
      className={[styles.failed, className].filter(Boolean).join(' ')}
      status="warning"
      title={title}
      subTitle={cause}
      extra={
        <Button loading={isRetrying} onClick={onRetry}>
          Try again
        </Button>
      }
    />
  )
}

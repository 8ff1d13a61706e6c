import { Alert, Button, Result } from 'antd'
import { serverMessageOf } from './failureToast'
import styles from './LoadFailed.module.css'
import card from './ResultCard.module.css'

interface LoadFailedProps {
  /** What could not be loaded, in the catalogue's words: "Bookings could not be loaded". */
  title: string
  /** The failure, whose own and server messages are shown beneath the title. */
  error?: unknown
  /** Loads again in place. */
  onRetry: () => void
  /** The retry is under way. */
  isRetrying?: boolean
  /** A banner inside a screen that works without this data (it says what is missing), not a block. */
  inline?: boolean
  /** One part of a page among others (a dashboard panel): smaller, inside that part's own card. */
  compact?: boolean
  className?: string
}

/** The messages an error carries that the title does not say already, each once. */
function detailsOf(title: string, error: unknown): string[] {
  if (!(error instanceof Error)) return []
  return [error.message, serverMessageOf(error)].filter(
    (line, index, all): line is string =>
      !!line && !title.toLowerCase().includes(line.toLowerCase()) && all.indexOf(line) === index,
  )
}

/**
 * A load that failed, in the place its data would be: what failed, why, and "Try again". Never
 * an empty state: an empty list and an unreachable server are different news for the desk.
 */
export function LoadFailed({
  title,
  error,
  onRetry,
  isRetrying = false,
  inline = false,
  compact = false,
  className,
}: LoadFailedProps) {
  const details = detailsOf(title, error).join(' · ') || undefined
  const retry = (
    <Button onClick={onRetry} loading={isRetrying}>
      Try again
    </Button>
  )
  if (inline) return <Alert type="warning" showIcon title={title} description={details} action={retry} />
  // Inside a part, the part's own heading (h2) comes first.
  const Heading = compact ? 'h3' : 'h2'
  return (
    <Result
      className={[compact ? styles.compact : card.card, className].filter(Boolean).join(' ')}
      status="warning"
      title={<Heading className={card.title}>{title}</Heading>}
      subTitle={details}
      extra={retry}
    />
  )
}

import { useEffect } from 'react'
import toast from 'react-hot-toast'
import styles from './failureToast.module.css'

/** What the server itself said, when an error carries it as its cause. */
export function serverMessageOf(error: Error): string | undefined {
  const cause: unknown = error.cause
  if (cause instanceof Error || (typeof cause === 'object' && cause !== null && 'message' in cause)) {
    const { message } = cause as { message: unknown }
    if (typeof message === 'string' && message.trim()) return message
  }
  return undefined
}

/**
 * A failure as the user reads it: the catalogue's words (spec §8) first, then, smaller, the
 * server's own message when there is one. `title` replaces the first line for flows whose
 * catalogue wording differs from the service's (check-in, check-out). Returns the toast's id.
 */
export function toastFailure(error: unknown, title?: string): string {
  const failure = error instanceof Error ? error : new Error(String(error))
  const lines = [title, failure.message, serverMessageOf(failure)].filter(
    (line, index, all): line is string => !!line && all.indexOf(line) === index,
  )
  const [headline, ...details] = lines
  return toast.error(
    <div className={styles.failure}>
      <strong>{headline}</strong>
      {details.map((detail) => (
        <span key={detail} className={styles.detail}>
          {detail}
        </span>
      ))}
    </div>,
    // The same failure reported twice (a refetch, React's double effects) shows once.
    { id: lines.join('\n') },
  )
}

/**
 * Shows a failed query's error as a toast, once per error, while the screen that asked is shown:
 * "Booking not found" must not follow the user to the next screen.
 */
export function useFailureToast(error: Error | null): void {
  useEffect(() => {
    if (!error) return
    const id = toastFailure(error)
    return () => toast.dismiss(id)
  }, [error])
}

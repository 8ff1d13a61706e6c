import { Button, Result } from 'antd'

interface PartFailedProps {
  /** What failed, as the receptionist would say it. */
  title: string
  error: Error | null
  onRetry: () => void
  className?: string
}

/**
 * One part of the dashboard could not be loaded: said in its place, with a retry, while the other
 * parts stay. (Same props as the app-wide ui/LoadFailed being built for the other screens.)
 */
export function PartFailed({ title, error, onRetry, className }: PartFailedProps) {
  const cause = error?.cause instanceof Error ? error.cause.message : undefined
  return (
    <Result
      className={className}
      status="warning"
      title={title}
      subTitle={cause}
      extra={<Button onClick={onRetry}>Try again</Button>}
    />
  )
}

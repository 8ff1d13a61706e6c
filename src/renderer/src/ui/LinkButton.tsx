import { Button, type ButtonProps } from 'antd'
import { useHref, useNavigate } from 'react-router-dom'

type LinkButtonProps = Omit<ButtonProps, 'href' | 'onClick'> & {
  /** The in-app route it opens, e.g. "/bookings/new". */
  to: string
}

/**
 * A button that goes somewhere: a real link (focused, read and opened in a new window as one) that
 * navigates inside the app instead of loading the page again.
 */
export function LinkButton({ to, ...buttonProps }: LinkButtonProps) {
  const navigate = useNavigate()
  const href = useHref(to)
  return (
    <Button
      {...buttonProps}
      href={href}
      onClick={(event) => {
        // A modified click (new window or tab) is the browser's.
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        event.preventDefault()
        navigate(to)
      }}
    />
  )
}

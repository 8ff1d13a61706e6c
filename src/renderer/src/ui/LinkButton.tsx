import { Button, type ButtonProps } from 'antd'
import { useHref, useNavigate } from 'react-router-dom'
import { isPlainClick } from './plainClick'

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
        if (!isPlainClick(event)) return
        event.preventDefault()
        navigate(to)
      }}
    />
  )
}

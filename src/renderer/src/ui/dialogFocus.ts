const TAB_STOPS = [
  'a[href]',
  'button:not(:disabled)',
  'input:not(:disabled):not([type="hidden"])',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
  '[tabindex]:not([tabindex="-1"])',
].join(', ')

/** The dialog in front, if one is open: the last modal one drawn. */
function frontDialog(): HTMLElement | undefined {
  const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')
  return [...dialogs].filter((dialog) => dialog.getClientRects().length > 0).at(-1)
}

/**
 * Tab from a modal dialog's last control goes to its first, Shift+Tab from its first to its last.
 * Ant Design's dialogs only pull the focus back once it has landed outside them, and past the end
 * of the page there is nothing to land on: the focus left the dialog for the browser.
 */
export function wrapTabInDialog(event: KeyboardEvent): void {
  if (event.key !== 'Tab') return
  const dialog = frontDialog()
  if (!dialog) return
  const stops = [...dialog.querySelectorAll<HTMLElement>(TAB_STOPS)].filter(
    (stop) => stop.getClientRects().length > 0,
  )
  const first = stops[0]
  const last = stops.at(-1)
  if (!first || !last) return
  const focused = document.activeElement
  const leaving = event.shiftKey
    ? focused === first || !stops.includes(focused as HTMLElement)
    : focused === last || !dialog.contains(focused)
  if (!leaving) return
  event.preventDefault()
  ;(event.shiftKey ? last : first).focus()
}

/** Keeps Tab inside every modal dialog of the app; returns the undo. */
export function keepTabInDialogs(): () => void {
  window.addEventListener('keydown', wrapTabInDialog)
  return () => window.removeEventListener('keydown', wrapTabInDialog)
}

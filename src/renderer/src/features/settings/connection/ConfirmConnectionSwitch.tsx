import type { Connection } from '@shared/ipc'
import { ConfirmDialog } from '../../../ui/ConfirmDialog'
import { hostOf } from './hostedProject'
import styles from './BackendConnection.module.css'

interface ConfirmConnectionSwitchProps {
  /** The backend the user asked for; the dialog is open while there is one. */
  target: Connection | null
  isSwitching: boolean
  onConfirm: (target: Connection) => void
  onCancel: () => void
}

function wordingFor(target: Connection) {
  if (target.mode === 'local')
    return {
      title: 'Use the local database?',
      action: 'Use the local database',
      effect: 'Innkeeper will use the built-in database on this computer again.',
      keeps: 'The hosted project keeps its data, and you can connect to it again at any time.',
    }
  const host = hostOf(target.supabaseUrl)
  return {
    title: `Connect to ${host}?`,
    action: 'Connect',
    effect: `Innkeeper will use the bookings, cabins, settings and staff accounts of the hosted project ${host}.`,
    keeps: 'Nothing in the local database is deleted, and you can switch back at any time.',
  }
}

/** Switching backends signs the user out, so it is never one click away. */
export function ConfirmConnectionSwitch({
  target,
  isSwitching,
  onConfirm,
  onCancel,
}: ConfirmConnectionSwitchProps) {
  if (!target) return null
  const { title, action, effect, keeps } = wordingFor(target)
  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={action}
      width={500}
      isPending={isSwitching}
      onConfirm={() => onConfirm(target)}
      onCancel={onCancel}
    >
      <div className={styles.explanation}>
        <p>{effect}</p>
        <p className={styles.warning}>You will be signed out and Innkeeper will restart its connection.</p>
        <p>{keeps}</p>
      </div>
    </ConfirmDialog>
  )
}

import type { ReactNode } from 'react'
import { isAdminRole } from './roleQuery'
import { useRoleQuery } from './useRole'
import styles from './AdminOnly.module.css'

interface AdminOnlyProps {
  /** Said to the rest of the staff in place of the controls, in the database's own words. */
  reason?: string
  children: ReactNode
}

/** Controls only an admin may use; nothing while the role is still unknown, so nothing flickers. */
export function AdminOnly({ reason, children }: AdminOnlyProps) {
  const { data: role } = useRoleQuery()
  if (role === undefined) return null
  if (isAdminRole(role)) return children
  return reason ? <p className={styles.reason}>{reason}</p> : null
}

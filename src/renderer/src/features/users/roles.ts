import type { StaffRole } from '../auth/service'

/** The roles as the screens name them; new accounts are front desk unless an admin chooses otherwise. */
export const ROLE_OPTIONS: { value: StaffRole; label: string }[] = [
  { value: 'front desk', label: 'Front desk' },
  { value: 'admin', label: 'Admin' },
]

export const DEFAULT_NEW_STAFF_ROLE: StaffRole = 'front desk'

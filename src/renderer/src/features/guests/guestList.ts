/** The guests directory's sort orders, as guest_directory names them. */
export const GUEST_SORT_OPTIONS = [
  { value: 'fullName-asc', label: 'Sort by name (A-Z)' },
  { value: 'fullName-desc', label: 'Sort by name (Z-A)' },
  { value: 'created_at-desc', label: 'Sort by newest guests first' },
] as const
export type GuestSortBy = (typeof GUEST_SORT_OPTIONS)[number]['value']
export const DEFAULT_GUEST_SORT: GuestSortBy = 'fullName-asc'

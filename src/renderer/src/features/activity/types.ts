import type { Database } from '@shared/database.types'

type LogRow = Database['public']['Tables']['activity_log']['Row']

/** A field's value before and after: only `new` for a created record, only `old` for a deleted one. */
export interface FieldChange {
  old?: unknown
  new?: unknown
}

/** One entry of the activity log, its `changes` read as field → {old, new}. */
export type ActivityEntry = Omit<LogRow, 'changes'> & { changes: Record<string, FieldChange> }

/** The kinds of record the log follows (its table_name). */
export const RECORD_KINDS = ['bookings', 'cabins', 'guests', 'settings', 'staff'] as const
export type RecordKind = (typeof RECORD_KINDS)[number]

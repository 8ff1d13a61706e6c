import { useState } from 'react'

/** Deep equality of plain data (rows as JSON gives them): key order does not count. */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const aKeys = Object.keys(a)
  const bKeys = Object.keys(b)
  if (aKeys.length !== bKeys.length) return false
  return aKeys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}

export interface EditedRecord<Row> {
  /** The record as the form started from it. */
  record: Row
  /** The record in the database (kept live) differs from the one the form started from. */
  isChangedElsewhere: boolean
  /** Starts the form again from the record as it is now; a new `formKey` remounts it. */
  reload: () => void
  formKey: number
  /**
   * The form saved the record, as the database returned it: the form goes on from there. Not while
   * the record was changed elsewhere, whose notice stays until the user reloads.
   */
  saved: (row: Row) => void
}

/**
 * A form's record, held still while the form is open: a refetch (a change at another desk arriving
 * live) never resets what the user is typing, it raises `isChangedElsewhere` instead. Until the
 * refetch brings the form's own save, the record as it was before that save counts as unchanged too.
 * Mount it where the record is loaded, keyed by its id.
 */
export function useEditedRecord<Row>(live: Row): EditedRecord<Row> {
  const [record, setRecord] = useState(live)
  const [beforeSave, setBeforeSave] = useState<{ row: Row } | null>(null)
  const [formKey, setFormKey] = useState(0)

  const isChangedElsewhere =
    !sameData(record, live) && (beforeSave === null || !sameData(beforeSave.row, live))

  return {
    record,
    isChangedElsewhere,
    formKey,
    reload: () => {
      setRecord(live)
      setBeforeSave(null)
      setFormKey((key) => key + 1)
    },
    saved: (row) => {
      if (isChangedElsewhere) return
      setBeforeSave({ row: record })
      setRecord(row)
    },
  }
}

import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sameData, useEditedRecord } from './useEditedRecord'

const guest = { id: 4, fullName: 'Ann Lee', email: 'ann@example.com', tags: ['vip'] }

describe('sameData', () => {
  it('compares rows by value, whatever their key order', () => {
    expect(sameData(guest, { tags: ['vip'], email: 'ann@example.com', fullName: 'Ann Lee', id: 4 })).toBe(
      true,
    )
    expect(sameData(guest, { ...guest, tags: ['vip', 'late'] })).toBe(false)
    expect(sameData(guest, { ...guest, email: null })).toBe(false)
    expect(sameData({ a: undefined }, {})).toBe(false)
    expect(sameData(null, {})).toBe(false)
  })
})

describe('useEditedRecord', () => {
  it('keeps the record the form started from, and says when the database has another', () => {
    const { result, rerender } = renderHook(({ live }) => useEditedRecord(live), {
      initialProps: { live: guest },
    })
    rerender({ live: { ...guest } })
    expect(result.current.isChangedElsewhere).toBe(false)
    rerender({ live: { ...guest, fullName: 'Ann Lee-Smith' } })
    expect(result.current.record).toBe(guest)
    expect(result.current.isChangedElsewhere).toBe(true)
  })

  it('starts again from the record as it is now on reload, with a new form key', () => {
    const changed = { ...guest, fullName: 'Ann Lee-Smith' }
    const { result, rerender } = renderHook(({ live }) => useEditedRecord(live), {
      initialProps: { live: guest },
    })
    rerender({ live: changed })
    act(() => result.current.reload())
    expect(result.current.record).toBe(changed)
    expect(result.current.isChangedElsewhere).toBe(false)
    expect(result.current.formKey).toBe(1)
  })

  it('does not take the form’s own save for a change elsewhere, before or after the refetch brings it', () => {
    const saved = { ...guest, email: 'ann@lee.example' }
    const { result, rerender } = renderHook(({ live }) => useEditedRecord(live), {
      initialProps: { live: guest },
    })
    act(() => result.current.saved(saved))
    expect(result.current.isChangedElsewhere).toBe(false)
    rerender({ live: { ...saved } })
    expect(result.current.isChangedElsewhere).toBe(false)
    rerender({ live: { ...saved, fullName: 'Someone else' } })
    expect(result.current.isChangedElsewhere).toBe(true)
  })

  it('keeps the notice when the form saves over a change made elsewhere', () => {
    const elsewhere = { ...guest, fullName: 'Ann Lee-Smith' }
    const { result, rerender } = renderHook(({ live }) => useEditedRecord(live), {
      initialProps: { live: guest },
    })
    rerender({ live: elsewhere })
    act(() => result.current.saved({ ...elsewhere, email: 'ann@lee.example' }))
    expect(result.current.record).toBe(guest)
    expect(result.current.isChangedElsewhere).toBe(true)
  })
})

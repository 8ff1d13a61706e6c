import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import dayjs from 'dayjs'
import { describe, expect, it, vi } from 'vitest'
import { DateField } from './DateField'

const FORMATS = ['MMM D YYYY', 'YYYY-MM-DD']

function renderField(onChange = vi.fn()) {
  render(
    <>
      <button>Before</button>
      <DateField
        aria-label="First day shown"
        value={dayjs('2026-11-16')}
        format={FORMATS}
        onChange={onChange}
      />
    </>,
  )
  return onChange
}

const field = () => screen.getByLabelText('First day shown') as HTMLInputElement
const isDatePicker = (input: HTMLInputElement) => input.closest('.ant-picker') !== null

describe('DateField', () => {
  it('shows the date in its first format, as wide as the DatePicker, before it is used', () => {
    renderField()
    expect(field()).toHaveValue('Nov 16 2026')
    expect(field()).toHaveAttribute('readonly')
    expect(field().size).toBe(12)
    expect(isDatePicker(field())).toBe(false)
  })

  it('reached by Tab, hands the focus to the DatePicker, where a typed date is taken', async () => {
    const onChange = renderField()
    await userEvent.click(screen.getByRole('button', { name: 'Before' }))
    await userEvent.tab()

    expect(isDatePicker(field())).toBe(true)
    expect(field()).toHaveFocus()
    expect(field()).not.toHaveAttribute('readonly')
    await userEvent.clear(field())
    await userEvent.type(field(), '2026-12-25{Enter}')
    expect(onChange).toHaveBeenCalledOnce()
    expect(onChange.mock.calls[0][0].format('YYYY-MM-DD')).toBe('2026-12-25')
  })

  it('pointed at, becomes the DatePicker without taking the focus', () => {
    renderField()
    fireEvent.pointerEnter(field().parentElement!)

    expect(isDatePicker(field())).toBe(true)
    expect(field()).toHaveValue('Nov 16 2026')
    expect(field()).not.toHaveFocus()
  })
})

import { DatePicker, Form, InputNumber, type FormRule } from 'antd'
import type { Dayjs } from 'dayjs'
import { nightsLabel } from '@shared/domain/bookings'
import { REQUIRED_MESSAGE } from '@shared/domain/validation'
import {
  numGuestsError,
  stayDatesError,
  stayNights,
  type StayEdit,
  type StayLimits,
} from '@shared/domain/reservations'
import styles from './BookingForm.module.css'
import { stayDatesOf, type StayRange } from './stayForm'

interface StayFieldsProps {
  limits: StayLimits
  edit: StayEdit
  today: string
  range: StayRange
  /** The chosen cabin's capacity, once a cabin is chosen. */
  cabinCapacity?: number
}

// Shown as the product writes dates; typed as either that or 2026-11-18.
const DATE_FORMATS = ['MMM DD YYYY', 'YYYY-MM-DD']

/** The stay: arrival and departure (with its nights) and the number of guests. */
export function StayFields({ limits, edit, today, range, cabinCapacity }: StayFieldsProps) {
  const dates = stayDatesOf(range)
  const isCheckedIn = edit.kind === 'checked-in'

  const datesRule: FormRule = {
    validator(_, value: StayRange) {
      const stay = stayDatesOf(value)
      const message = stay ? stayDatesError(stay, limits, edit, today) : REQUIRED_MESSAGE
      return message ? Promise.reject(new Error(message)) : Promise.resolve()
    },
  }
  const guestsRule: FormRule = {
    validator(_, value: number | null) {
      const message = numGuestsError(value ?? 0, limits, cabinCapacity)
      return message ? Promise.reject(new Error(message)) : Promise.resolve()
    },
  }
  // The calendar greys out what cannot be chosen: a new arrival before today, a checked-in departure before it.
  const isBeforeToday = (day: Dayjs) => day.format('YYYY-MM-DD') < today

  return (
    <>
      <Form.Item
        label="Arrival and departure"
        name="stay"
        rules={[datesRule]}
        extra={
          dates && stayNights(dates) > 0
            ? nightsLabel(stayNights(dates))
            : 'Nights are counted once both days are chosen'
        }
      >
        <DatePicker.RangePicker
          className={styles.fullWidth}
          format={DATE_FORMATS}
          placeholder={['Arrival', 'Departure']}
          // A checked-in guest has arrived: only the departure may move.
          disabled={isCheckedIn ? [true, false] : false}
          disabledDate={edit.kind === 'unconfirmed' ? undefined : isBeforeToday}
          allowClear={!isCheckedIn}
          // Enter confirms a typed day (the picker handles it first); it must not also send the form.
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
          autoFocus={!isCheckedIn}
        />
      </Form.Item>
      <Form.Item
        label="Number of guests"
        name="numGuests"
        rules={[guestsRule]}
        dependencies={['cabinId']}
        extra={`At most ${limits.maxGuestsPerBooking} guests per booking`}
      >
        {/* No min/max: Ant Design would silently clamp what was typed; the rule says what is wrong. */}
        <InputNumber className={styles.fullWidth} precision={0} disabled={isCheckedIn} />
      </Form.Item>
    </>
  )
}

import { Alert, Button, Checkbox, Form, Input, Radio, type FormRule } from 'antd'
import { useEffect, useState } from 'react'
import { today as deskToday } from '@shared/clock'
import { formatCurrency, plural } from '@shared/domain/format'
import { guestInput } from '@shared/domain/guests'
import {
  MAX_OBSERVATIONS_LENGTH,
  observationsError,
  stayNights,
  stayPrices,
  type StayEdit,
} from '@shared/domain/reservations'
import { REQUIRED_MESSAGE } from '@shared/domain/validation'
import { FormActions, formLayout } from '../../../ui/FormLayout'
import { Panel } from '../../../ui/Panel'
import { GuestFields } from '../../guests/GuestFields'
import { useGuestDraft } from '../../guests/useGuestDraft'
import type { Settings } from '../../settings/service'
import type { Booking, Guest } from '../types'
import styles from './BookingForm.module.css'
import { BookingSummary } from './BookingSummary'
import { CabinChoice } from './CabinChoice'
import { GuestLabel, GuestSearch } from './GuestSearch'
import type { BookingRequest } from './service'
import { StayFields } from './StayFields'
import { stayDatesOf, stayQueryOf, toStayRange, type PrefilledStay, type StayRange } from './stayForm'
import { useBookingPrices } from './useBookingPrices'
import { useSaveBooking } from './useSaveBooking'
import { useStayOptions } from './useStayOptions'

/**
 * A new booking (perhaps for a known guest, perhaps with its cabin and dates chosen on the calendar),
 * or a change to an unconfirmed or checked-in one.
 */
export type BookingFormMode =
  { kind: 'new'; guest?: Guest; stay?: PrefilledStay } | { kind: 'change'; booking: Booking }

interface BookingFormValues {
  stay: StayRange
  numGuests: number | null
  cabinId?: number
  hasBreakfast: boolean
  isPaid: boolean
  observations: string
  guestId?: number
}

function initialValuesOf(mode: BookingFormMode): BookingFormValues {
  if (mode.kind === 'new')
    return {
      stay: mode.stay?.dates ? toStayRange(mode.stay.dates) : null,
      cabinId: mode.stay?.cabinId,
      numGuests: 1,
      hasBreakfast: false,
      isPaid: false,
      observations: '',
      guestId: mode.guest?.id,
    }
  const { booking } = mode
  return {
    stay: toStayRange(booking),
    numGuests: booking.numGuests,
    cabinId: booking.cabinId,
    hasBreakfast: booking.hasBreakfast,
    isPaid: booking.isPaid,
    observations: booking.observations ?? '',
  }
}

function stayEditOf(mode: BookingFormMode): StayEdit {
  if (mode.kind === 'new') return { kind: 'new' }
  const { booking } = mode
  return { kind: booking.status === 'checked-in' ? 'checked-in' : 'unconfirmed', original: booking }
}

const observationsRule: FormRule = {
  validator: (_, value: string | undefined) => {
    const message = observationsError(value ?? '')
    return message ? Promise.reject(new Error(message)) : Promise.resolve()
  },
}

type GuestMode = 'existing' | 'new'

interface BookingFormProps {
  mode: BookingFormMode
  settings: Settings
  onCancel: () => void
}

/**
 * The one booking form, for taking a booking and for changing one: the stay, a cabin free for all of
 * it, breakfast, payment, observations and the guest, with the prices the database will store. A
 * checked-in stay may only change its departure, payment and observations; the rest is shown, locked.
 */
export function BookingForm({ mode, settings, onCancel }: BookingFormProps) {
  const [form] = Form.useForm<BookingFormValues>()
  const [guestMode, setGuestMode] = useState<GuestMode>('existing')
  const newGuest = useGuestDraft()
  const { saveBooking, isSaving } = useSaveBooking()
  const edit = stayEditOf(mode)
  const isCheckedIn = edit.kind === 'checked-in'
  const original = mode.kind === 'change' ? mode.booking : undefined
  const today = deskToday()

  const range = Form.useWatch('stay', form) as StayRange
  const numGuests = Form.useWatch('numGuests', form) as number | null
  const cabinId = Form.useWatch('cabinId', form) as number | undefined
  const hasBreakfast = !!Form.useWatch('hasBreakfast', form)

  const stay = stayQueryOf(range, numGuests, settings, edit, today, original?.id)
  // A checked-in stay keeps its cabin: there is nothing to choose, so nothing to look for.
  const { freeCabins, suggestions } = useStayOptions(isCheckedIn ? undefined : stay)
  const freeCabin = freeCabins.data?.find(({ id }) => id === cabinId)
  const numNights = stay ? stayNights(stay) : 0
  const pricedStay = stay && cabinId !== undefined ? { ...stay, cabinId, hasBreakfast } : undefined
  const { prices } = useBookingPrices({
    stay: pricedStay,
    freeCabin,
    breakfastPrice: settings.breakfastPrice,
    original,
  })

  // Dates sent along are checked as if picked: a stay the rules refuse says why from the start.
  const hasPrefilledDates = mode.kind === 'new' && mode.stay?.dates !== undefined
  useEffect(() => {
    if (hasPrefilledDates) form.validateFields(['stay']).catch(() => undefined)
  }, [hasPrefilledDates, form])

  // A cabin no longer free for the stay (new dates, or taken at another desk) is no longer chosen.
  useEffect(() => {
    if (!freeCabins.data || cabinId === undefined) return
    if (!freeCabins.data.some(({ id }) => id === cabinId)) form.setFieldValue('cabinId', undefined)
  }, [freeCabins.data, cabinId, form])

  const cabinRule: FormRule = {
    validator: (_, value: number | undefined) =>
      value === undefined ? Promise.reject(new Error(REQUIRED_MESSAGE)) : Promise.resolve(),
  }

  function submit(values: BookingFormValues) {
    const dates = stayDatesOf(values.stay)
    if (!dates || !prices || values.cabinId === undefined || values.numGuests == null) return
    const request: BookingRequest = {
      ...dates,
      cabinId: values.cabinId,
      numGuests: values.numGuests,
      hasBreakfast: values.hasBreakfast,
      isPaid: values.isPaid,
      observations: values.observations,
      expectedTotalPrice: prices.totalPrice,
      today,
    }
    if (mode.kind === 'change') saveBooking({ bookingId: mode.booking.id, request })
    else if (guestMode === 'new') {
      if (newGuest.checkBeforeSaving())
        saveBooking({ request: { ...request, newGuest: guestInput(newGuest.draft) } })
    } else if (values.guestId !== undefined) saveBooking({ request: { ...request, guestId: values.guestId } })
  }

  const breakfastCost = stay
    ? stayPrices(0, { ...stay, hasBreakfast: true, breakfastPrice: settings.breakfastPrice, numNights })
        .extrasPrice
    : undefined

  return (
    <Form<BookingFormValues>
      form={form}
      {...formLayout}
      className={`${formLayout.className} ${styles.form}`}
      initialValues={initialValuesOf(mode)}
      disabled={isSaving}
      onFinish={submit}
      // The new guest's fields keep their own messages: they show with the form's, all at once.
      onFinishFailed={() => guestMode === 'new' && newGuest.checkBeforeSaving()}
    >
      <Panel title="Stay">
        {isCheckedIn && (
          <Alert
            className={styles.lockedNote}
            type="info"
            showIcon
            title="The guest has checked in: only the departure, the payment and the observations can change."
          />
        )}
        <StayFields
          limits={settings}
          edit={edit}
          today={today}
          range={range}
          cabinCapacity={freeCabin?.maxCapacity}
        />
        {original && isCheckedIn ? (
          <>
            <Form.Item name="cabinId" hidden />
            <Form.Item label="Cabin">Cabin {original.cabins?.name}</Form.Item>
          </>
        ) : (
          <Form.Item label="Cabin" name="cabinId" rules={[cabinRule]} className={styles.wide}>
            <CabinChoice
              stay={stay}
              freeCabins={freeCabins}
              suggestions={suggestions}
              onPickSuggestion={(suggestion) => {
                form.setFieldValue('stay', toStayRange(suggestion))
                void form.validateFields(['stay'])
              }}
            />
          </Form.Item>
        )}
      </Panel>

      <Panel title="Extras and payment">
        <Form.Item label="Breakfast" name="hasBreakfast" valuePropName="checked">
          <Checkbox disabled={isCheckedIn}>
            {breakfastCost === undefined
              ? `${formatCurrency(settings.breakfastPrice)} per guest and night`
              : `${formatCurrency(breakfastCost)} for this stay (${formatCurrency(settings.breakfastPrice)} × ${plural(numNights, 'night')} × ${plural(stay!.numGuests, 'guest')})`}
          </Checkbox>
        </Form.Item>
        <Form.Item label="Payment" name="isPaid" valuePropName="checked">
          <Checkbox>The guest has paid</Checkbox>
        </Form.Item>
        <Form.Item label="Observations" name="observations" rules={[observationsRule]}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            count={{ show: true, max: MAX_OBSERVATIONS_LENGTH }}
          />
        </Form.Item>
      </Panel>

      <Panel title="Guest">
        {mode.kind === 'change' ? (
          mode.booking.guests && <GuestLabel guest={mode.booking.guests} />
        ) : (
          <>
            <Form.Item label="Booking for">
              <Radio.Group
                aria-label="Booking for"
                optionType="button"
                value={guestMode}
                onChange={(event) => setGuestMode(event.target.value as GuestMode)}
                options={[
                  { value: 'existing', label: 'A returning guest' },
                  { value: 'new', label: 'A new guest' },
                ]}
              />
            </Form.Item>
            {guestMode === 'existing' ? (
              <Form.Item
                label="Find the guest"
                name="guestId"
                rules={[{ required: true, message: REQUIRED_MESSAGE }]}
              >
                <GuestSearch initialGuest={mode.guest} />
              </Form.Item>
            ) : (
              <GuestFields
                value={newGuest.draft}
                onChange={newGuest.setDraft}
                errors={newGuest.errors}
                disabled={isSaving}
              />
            )}
          </>
        )}
      </Panel>

      <BookingSummary
        cabinName={freeCabin?.name ?? original?.cabins?.name}
        prices={prices}
        numNights={numNights}
        numGuests={stay?.numGuests}
      >
        <FormActions>
          <Button size="large" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="primary" size="large" htmlType="submit" loading={isSaving}>
            {mode.kind === 'new' ? 'Create booking' : 'Save changes'}
          </Button>
        </FormActions>
      </BookingSummary>
    </Form>
  )
}

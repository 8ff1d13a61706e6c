import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { Empty } from '../../../ui/Empty'
import { PageHeading } from '../../../ui/PageHeading'
import { QueryStates } from '../../../ui/QueryStates'
import { FormSkeleton } from '../../../ui/Skeletons'
import { useFailureToast } from '../../../ui/failureToast'
import { useMoveBack } from '../../../ui/useMoveBack'
import { guestKeys } from '../../guests/queryKeys'
import { getGuest } from '../../guests/service'
import { useSettings } from '../../settings/useSettings'
import { BackLink } from '../BackLink'
import { BookingForm } from './BookingForm'
import { prefilledStayOf } from './stayForm'

/** The guest a guest's page sends along (?guestId=N), if any. */
function usePrefilledGuest() {
  const raw = useSearchParams()[0].get('guestId')
  const id = raw === null ? undefined : Number(raw)
  const query = useQuery({
    queryKey: guestKeys.detail(id!),
    queryFn: () => getGuest(id!),
    enabled: id !== undefined,
  })
  useFailureToast(query.error)
  return { id, query }
}

/**
 * /bookings/new: a booking taken at the desk (on the phone), for a known guest or a new one; from the
 * calendar with its cabin and dates (?cabinId=N&from=…&to=…).
 */
export default function NewBookingPage() {
  const settingsQuery = useSettings()
  const prefilled = usePrefilledGuest()
  const [searchParams] = useSearchParams()
  const prefilledStay = prefilledStayOf(searchParams)
  const moveBack = useMoveBack('/bookings')
  const guestPending = prefilled.id !== undefined && prefilled.query.data === undefined

  return (
    <>
      <PageHeading title="New booking">
        <BackLink onClick={moveBack} />
      </PageHeading>
      <QueryStates
        query={{
          // Both the settings (limits, breakfast) and the guest asked for must be in first.
          data: guestPending ? undefined : settingsQuery.data,
          error: settingsQuery.error ?? prefilled.query.error,
          isFetching: settingsQuery.isFetching || prefilled.query.isFetching,
          refetch: () => Promise.all([settingsQuery.refetch(), prefilled.query.refetch()]),
        }}
        failedTitle={settingsQuery.error ? 'Settings could not be loaded' : 'Guest could not be loaded'}
        loading={<FormSkeleton label="New booking" fields={6} />}
        notFound={<Empty resourceName="guest" />}
      >
        {(settings) => (
          <BookingForm
            // What is sent along is where the form starts: other values (a link followed while the form
            // is open) start a new form, as a new visit would.
            key={searchParams.toString()}
            mode={{ kind: 'new', guest: prefilled.query.data, stay: prefilledStay }}
            settings={settings}
            onCancel={moveBack}
          />
        )}
      </QueryStates>
    </>
  )
}

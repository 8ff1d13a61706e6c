import { PlusOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useId, useState } from 'react'
import { guestDraft } from '@shared/domain/guests'
import { usePageTitle } from '../../app/RouteTitle'
import { ChangedElsewhere } from '../../ui/ChangedElsewhere'
import { ConfirmDelete } from '../../ui/ConfirmDelete'
import { CountryFlag } from '../../ui/CountryFlag'
import { Empty } from '../../ui/Empty'
import { FormActions } from '../../ui/FormLayout'
import { LinkButton } from '../../ui/LinkButton'
import { PageHeading } from '../../ui/PageHeading'
import { Panel } from '../../ui/Panel'
import { QueryStates, shownData } from '../../ui/QueryStates'
import { FormSkeleton } from '../../ui/Skeletons'
import { useEditedRecord } from '../../ui/useEditedRecord'
import { useMoveBack } from '../../ui/useMoveBack'
import { BackLink } from '../bookings/BackLink'
import { GuestForm } from './GuestForm'
import styles from './GuestPage.module.css'
import { GuestStays, GuestTotals } from './GuestStays'
import type { Guest, GuestStay } from './types'
import { isAdminRole } from '../auth/roleQuery'
import type { StaffRole } from '../auth/service'
import { useRoleQuery } from '../auth/useRole'
import { useDeleteGuest } from './useDeleteGuest'
import { useGuest, useGuestId, useGuestStays } from './useGuest'
import { useSaveGuest } from './useSaveGuest'

/** Why Delete is not offered, in the database's own words. */
const HAS_BOOKINGS = 'This guest has bookings and cannot be deleted'
const GUESTS_ARE_ADMINS = 'Only an admin can delete guests'

export default function GuestPage() {
  const id = useGuestId()
  const guestQuery = useGuest(id)
  const staysQuery = useGuestStays(id)
  const guest = shownData(guestQuery)
  const moveBack = useMoveBack('/guests')
  usePageTitle(guest?.fullName)

  return (
    <>
      <PageHeading
        title={
          guest ? (
            <span className={styles.title}>
              <CountryFlag flag={guest.countryFlag} country={guest.nationality ?? 'unknown country'} />
              {guest.fullName}
            </span>
          ) : (
            'Guest'
          )
        }
      >
        {guest && (
          <LinkButton type="primary" icon={<PlusOutlined />} to={`/bookings/new?guestId=${guest.id}`}>
            New booking
          </LinkButton>
        )}
        <BackLink onClick={moveBack} />
      </PageHeading>
      <QueryStates
        query={guestQuery}
        failedTitle="Guest could not be loaded"
        loading={<FormSkeleton label="Guest" fields={4} />}
        notFound={<Empty resourceName="guest" />}
      >
        {(guest) => (
          <>
            <GuestTotals stays={staysQuery.data} />
            <GuestDetails key={guest.id} live={guest} />
            <GuestStays query={staysQuery} />
            <DeleteGuest guest={guest} stays={staysQuery.data} />
          </>
        )}
      </QueryStates>
    </>
  )
}

/** The guest's form, from the guest as it found them: a change at another desk is said, not typed over. */
function GuestDetails({ live }: { live: Guest }) {
  const { saveGuest, isSaving } = useSaveGuest()
  const { record: guest, isChangedElsewhere, reload, saved, formKey } = useEditedRecord(live)
  return (
    <Panel title="Details">
      {isChangedElsewhere && <ChangedElsewhere resource="guest" onReload={reload} />}
      <GuestForm
        key={formKey}
        id="guest-details"
        initial={guestDraft(guest)}
        disabled={isSaving}
        onSave={(changes) => saveGuest({ id: guest.id, guest: changes }, { onSuccess: saved })}
      >
        <FormActions>
          <Button type="primary" htmlType="submit" loading={isSaving}>
            Save changes
          </Button>
        </FormActions>
      </GuestForm>
    </Panel>
  )
}

/** While the stays or the role are unknown, nothing: the database refuses in these words anyway. */
function whyNotDeletable(stays: GuestStay[] | undefined, role: StaffRole | null | undefined): string | null {
  if (stays?.length) return HAS_BOOKINGS
  if (role !== undefined && !isAdminRole(role)) return GUESTS_ARE_ADMINS
  return null
}

/** Delete, for an admin and a guest without bookings only; otherwise it says why not. */
function DeleteGuest({ guest, stays }: { guest: Guest; stays: GuestStay[] | undefined }) {
  const { deleteGuest, isDeleting } = useDeleteGuest()
  const [isConfirming, setIsConfirming] = useState(false)
  const whyId = useId()
  const { data: role } = useRoleQuery()
  const whyNot = whyNotDeletable(stays, role)

  return (
    <div className={styles.actions}>
      {whyNot && (
        <p id={whyId} className={styles.why}>
          {whyNot}
        </p>
      )}
      <Button
        type="primary"
        danger
        disabled={whyNot !== null}
        aria-describedby={whyNot ? whyId : undefined}
        onClick={() => setIsConfirming(true)}
      >
        Delete guest
      </Button>
      <ConfirmDelete
        resourceName="guest"
        open={isConfirming}
        isDeleting={isDeleting}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => deleteGuest(guest.id, { onSettled: () => setIsConfirming(false) })}
      />
    </div>
  )
}

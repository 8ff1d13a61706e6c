import { PageHeading } from '../../ui/PageHeading'
import { Backups } from './backups/Backups'
import { BackendConnection } from './connection/BackendConnection'
import { UpdateSettingsForm } from './UpdateSettingsForm'
import { useSettings } from './useSettings'

export default function SettingsPage() {
  // The owner names the business on the desktop app's first run; empty until then (the demo).
  const businessName = useSettings().data?.businessName
  return (
    <>
      <PageHeading title="Update hotel settings">
        {businessName && <strong aria-label="Business name">{businessName}</strong>}
      </PageHeading>
      <UpdateSettingsForm />
      <BackendConnection />
      <Backups />
    </>
  )
}

import { PageHeading } from '../../ui/PageHeading'
import { Backups } from './backups/Backups'
import { BackendConnection } from './connection/BackendConnection'
import { UpdateSettingsForm } from './UpdateSettingsForm'

export default function SettingsPage() {
  return (
    <>
      <PageHeading title="Update hotel settings" />
      <UpdateSettingsForm />
      <BackendConnection />
      <Backups />
    </>
  )
}

import { PageHeading } from '../../ui/PageHeading'
import { UpdateSettingsForm } from './UpdateSettingsForm'

export default function SettingsPage() {
  return (
    <>
      <PageHeading title="Update hotel settings" />
      <UpdateSettingsForm />
    </>
  )
}

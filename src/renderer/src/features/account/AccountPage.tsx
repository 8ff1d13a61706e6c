import { PageHeading } from '../../ui/PageHeading'
import { Panel } from '../../ui/Panel'
import { UpdatePasswordForm } from './UpdatePasswordForm'
import { UpdateUserDataForm } from './UpdateUserDataForm'

export default function AccountPage() {
  return (
    <>
      <PageHeading title="Update your account" />
      <Panel title="Update user data">
        <UpdateUserDataForm />
      </Panel>
      <Panel title="Update password">
        <UpdatePasswordForm />
      </Panel>
    </>
  )
}

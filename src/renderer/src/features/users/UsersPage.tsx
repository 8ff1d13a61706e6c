import { PageHeading } from '../../ui/PageHeading'
import { Panel } from '../../ui/Panel'
import { CreateUserForm } from './CreateUserForm'
import { StaffTable } from './StaffTable'

export default function UsersPage() {
  return (
    <>
      <PageHeading title="Create a new user" />
      <CreateUserForm />
      <Panel title="Staff and their roles">
        <StaffTable />
      </Panel>
    </>
  )
}

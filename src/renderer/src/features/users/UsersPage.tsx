import { PageHeading } from '../../ui/PageHeading'
import { CreateUserForm } from './CreateUserForm'

export default function UsersPage() {
  return (
    <>
      <PageHeading title="Create a new user" />
      <CreateUserForm />
    </>
  )
}

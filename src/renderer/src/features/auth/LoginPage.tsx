import { useQuery } from '@tanstack/react-query'
import logo from '../../assets/logo.svg'
import { LoginForm } from './LoginForm'
import { OwnerForm } from './OwnerForm'
import { needsOwner } from './ownerService'
import styles from './LoginPage.module.css'

export default function LoginPage() {
  // A new desk's backend says it has no staff yet: its first screen creates the owner instead.
  const { data: firstRun } = useQuery({ queryKey: ['needs-owner'], queryFn: needsOwner, staleTime: 0 })
  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <div className={styles.brand}>
          <img src={logo} alt="" className={styles.logo} />
          <span className={styles.name}>Innkeeper</span>
        </div>
        <h1 className={styles.heading}>{firstRun ? 'Create the owner account' : 'Log in to your account'}</h1>
        {firstRun ? <OwnerForm /> : <LoginForm />}
      </div>
    </main>
  )
}

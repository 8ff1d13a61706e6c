import logo from '../../assets/logo.svg'
import { LoginForm } from './LoginForm'
import { OwnerForm } from './OwnerForm'
import { useDeskStatus } from './useDeskStatus'
import styles from './LoginPage.module.css'

export default function LoginPage() {
  // A new desk's backend says it has no staff yet: its first screen creates the owner instead.
  const firstRun = useDeskStatus()?.needsOwner === true
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

import logo from '../../assets/logo.svg'
import { LoginForm } from './LoginForm'
import styles from './LoginPage.module.css'

export default function LoginPage() {
  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <div className={styles.brand}>
          <img src={logo} alt="" className={styles.logo} />
          <span className={styles.name}>Innkeeper</span>
        </div>
        <h1 className={styles.heading}>Log in to your account</h1>
        <LoginForm />
      </div>
    </main>
  )
}

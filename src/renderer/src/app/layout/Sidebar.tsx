import {
  CalendarOutlined,
  HomeOutlined,
  SettingOutlined,
  ShopOutlined,
  UserAddOutlined,
} from '@ant-design/icons'
import type { ReactNode } from 'react'
import { NavLink } from 'react-router-dom'
import logo from '../../assets/logo.svg'
import styles from './Sidebar.module.css'

const links: { to: string; label: string; icon: ReactNode }[] = [
  { to: '/dashboard', label: 'Home', icon: <HomeOutlined /> },
  { to: '/bookings', label: 'Bookings', icon: <CalendarOutlined /> },
  { to: '/cabins', label: 'Cabins', icon: <ShopOutlined /> },
  { to: '/users', label: 'Users', icon: <UserAddOutlined /> },
  { to: '/settings', label: 'Settings', icon: <SettingOutlined /> },
]

export function Sidebar() {
  return (
    <aside className={styles.sidebar}>
      <div className={styles.content}>
        <div className={styles.brand}>
          <img src={logo} alt="" className={styles.logo} />
          <span className={styles.name}>Innkeeper</span>
        </div>
        <nav aria-label="Main">
          <ul className={styles.list}>
            {links.map(({ to, label, icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
                >
                  <span className={styles.icon} aria-hidden>
                    {icon}
                  </span>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </aside>
  )
}

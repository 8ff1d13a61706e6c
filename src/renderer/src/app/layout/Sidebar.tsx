import {
  CalendarOutlined,
  HistoryOutlined,
  HomeOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons'
import { Tooltip } from 'antd'
import type { ReactNode } from 'react'
import { NavLink } from 'react-router-dom'
import { useIsAdmin } from '../../features/auth/useRole'
import logo from '../../assets/logo.svg'
import styles from './Sidebar.module.css'
import { useSidebarCollapsed } from './useSidebarCollapsed'

/** `adminOnly` links are not shown to the front desk (their screens would say "no access"). */
const links: { to: string; label: string; icon: ReactNode; adminOnly?: boolean }[] = [
  { to: '/dashboard', label: 'Home', icon: <HomeOutlined /> },
  { to: '/bookings', label: 'Bookings', icon: <CalendarOutlined /> },
  { to: '/calendar', label: 'Calendar', icon: <ScheduleOutlined /> },
  { to: '/guests', label: 'Guests', icon: <TeamOutlined /> },
  { to: '/cabins', label: 'Cabins', icon: <ShopOutlined /> },
  { to: '/users', label: 'Users', icon: <UserAddOutlined />, adminOnly: true },
  { to: '/activity', label: 'Activity', icon: <HistoryOutlined />, adminOnly: true },
  { to: '/settings', label: 'Settings', icon: <SettingOutlined />, adminOnly: true },
]

const SIDEBAR_ID = 'sidebar'

/** An item's icon and label; folded, the label is hidden from sight but stays its accessible name. */
function ItemContent({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <>
      <span className={styles.icon} aria-hidden>
        {icon}
      </span>
      <span className={styles.label}>{label}</span>
    </>
  )
}

/** Folded, an item names itself in a tooltip on hover and on keyboard focus. */
function FoldedTooltip({
  label,
  isFolded,
  children,
}: {
  label: string
  isFolded: boolean
  children: ReactNode
}) {
  return (
    <Tooltip title={isFolded ? label : undefined} placement="right" trigger={['hover', 'focus']}>
      {children}
    </Tooltip>
  )
}

export function Sidebar() {
  const [isCollapsed, toggleCollapsed] = useSidebarCollapsed()
  const toggleLabel = isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'
  const isAdmin = useIsAdmin()
  return (
    <aside id={SIDEBAR_ID} className={isCollapsed ? `${styles.sidebar} ${styles.collapsed}` : styles.sidebar}>
      <div className={styles.content}>
        <div className={styles.brand}>
          <img src={logo} alt="" className={styles.logo} />
          <span className={styles.name}>Innkeeper</span>
        </div>
        <nav aria-label="Main">
          <ul className={styles.list}>
            {links
              .filter(({ adminOnly }) => isAdmin || !adminOnly)
              .map(({ to, label, icon }) => (
                <li key={to}>
                  <FoldedTooltip label={label} isFolded={isCollapsed}>
                    <NavLink
                      to={to}
                      className={({ isActive }) =>
                        isActive ? `${styles.link} ${styles.active}` : styles.link
                      }
                    >
                      <ItemContent icon={icon} label={label} />
                    </NavLink>
                  </FoldedTooltip>
                </li>
              ))}
          </ul>
        </nav>
        <FoldedTooltip label={toggleLabel} isFolded={isCollapsed}>
          <button
            type="button"
            className={`${styles.link} ${styles.toggle}`}
            aria-expanded={!isCollapsed}
            aria-controls={SIDEBAR_ID}
            onClick={toggleCollapsed}
          >
            <ItemContent
              icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              label={toggleLabel}
            />
          </button>
        </FoldedTooltip>
      </div>
    </aside>
  )
}

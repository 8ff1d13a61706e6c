import { LogoutOutlined, MoonOutlined, SunOutlined, UserOutlined } from '@ant-design/icons'
import { Button, Tooltip } from 'antd'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { useLogout } from '../../features/auth/useLogout'
import { useDarkMode } from '../darkMode/DarkModeContext'
import { useLiveStatus } from '../live/LiveUpdates'
import { LiveIndicator } from './LiveIndicator'
import { UserAvatar } from './UserAvatar'
import styles from './Header.module.css'

interface HeaderButtonProps {
  label: string
  icon: ReactNode
  onClick: () => void
  loading?: boolean
}

/** An icon-only button: its label is the accessible name and the tooltip. */
function HeaderButton({ label, icon, onClick, loading }: HeaderButtonProps) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="large" aria-label={label} icon={icon} onClick={onClick} loading={loading} />
    </Tooltip>
  )
}

export function Header() {
  const navigate = useNavigate()
  const { isDarkMode, toggleDarkMode } = useDarkMode()
  const { logout, isLoggingOut } = useLogout()
  const liveStatus = useLiveStatus()
  return (
    <header className={styles.header}>
      <LiveIndicator status={liveStatus} />
      <UserAvatar />
      <div className={styles.menu}>
        <HeaderButton label="Account" icon={<UserOutlined />} onClick={() => navigate('/account')} />
        <HeaderButton
          label={isDarkMode ? 'Switch to light mode' : 'Switch to dark mode'}
          icon={isDarkMode ? <SunOutlined /> : <MoonOutlined />}
          onClick={toggleDarkMode}
        />
        <HeaderButton label="Log out" icon={<LogoutOutlined />} onClick={logout} loading={isLoggingOut} />
      </div>
    </header>
  )
}

import { CheckCircleOutlined, DisconnectOutlined, SyncOutlined } from '@ant-design/icons'
import { Tooltip } from 'antd'
import { useId, type ReactNode } from 'react'
import type { LiveStatus } from '../live/liveConnection'
import styles from './LiveIndicator.module.css'

interface StatusLook {
  label: string
  /** What it means for the desk: the tooltip and the description read out. */
  meaning: string
  icon: ReactNode
  className: string
}

const LOOKS: Record<LiveStatus, StatusLook> = {
  connecting: {
    label: 'Connecting',
    meaning: 'Connecting to the live updates: changes made at other desks show once it is done.',
    icon: <SyncOutlined spin />,
    className: styles.waiting,
  },
  live: {
    label: 'Live',
    meaning: 'Changes made at other desks show here as they happen.',
    icon: <CheckCircleOutlined />,
    className: styles.live,
  },
  reconnecting: {
    label: 'Reconnecting',
    meaning:
      'The live connection dropped and is being restored: changes made at other desks show once it is back.',
    icon: <SyncOutlined spin />,
    className: styles.waiting,
  },
  offline: {
    label: 'Offline',
    meaning: 'No connection to the server: changes made at other desks do not show until it is back.',
    icon: <DisconnectOutlined />,
    className: styles.offline,
  },
}

/** Whether changes at other desks reach this one: a word and an icon, not a colour alone. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { label, meaning, icon, className } = LOOKS[status]
  const meaningId = useId()
  return (
    <Tooltip title={meaning} trigger={['hover', 'focus']}>
      {/* Focusable so the tooltip opens from the keyboard too. */}
      <span
        role="status"
        tabIndex={0}
        aria-label={`Live updates: ${label}`}
        aria-describedby={meaningId}
        className={`${styles.indicator} ${className}`}
      >
        <span aria-hidden="true">{icon}</span>
        {label}
        <span id={meaningId} hidden>
          {meaning}
        </span>
      </span>
    </Tooltip>
  )
}

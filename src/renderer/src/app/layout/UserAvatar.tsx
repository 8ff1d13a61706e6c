import { Avatar } from 'antd'
import defaultAvatar from '../../assets/default-user.svg'
import { useUser } from '../../features/auth/useUser'
import styles from './UserAvatar.module.css'

export function UserAvatar() {
  const { user } = useUser()
  const fullName: string = user?.user_metadata.fullName ?? ''
  const avatar: string = user?.user_metadata.avatar || defaultAvatar
  return (
    <div className={styles.user}>
      <Avatar size={36} src={avatar} alt={`Avatar of ${fullName}`} className={styles.avatar} />
      <span className={styles.name}>{fullName}</span>
    </div>
  )
}

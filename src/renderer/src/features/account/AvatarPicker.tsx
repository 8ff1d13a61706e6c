import { PictureOutlined } from '@ant-design/icons'
import { Avatar, Button } from 'antd'
import { useEffect, useState } from 'react'
import { usePlatform } from '../../app/PlatformContext'
import defaultAvatar from '../../assets/default-user.svg'
import styles from './AvatarPicker.module.css'

interface AvatarPickerProps {
  /** Set by Form.Item; kept on the wrapper so the form can scroll to the field. */
  id?: string
  /** The avatar saved now, shown until a new image is chosen. */
  currentUrl: string
  value?: File | null
  onChange?: (file: File | null) => void
  disabled?: boolean
}

/** Shows a preview of the chosen file while it is chosen, and frees it afterwards. */
function usePreviewUrl(file: File | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) return setUrl(null)
    const objectUrl = URL.createObjectURL(file)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [file])
  return url
}

/** The image is picked through the platform: a native dialog on the desktop, a file input on the web. */
export function AvatarPicker({ id, currentUrl, value, onChange, disabled }: AvatarPickerProps) {
  const { pickImage } = usePlatform()
  const preview = usePreviewUrl(value)

  async function choose() {
    const file = await pickImage()
    if (file) onChange?.(file)
  }

  return (
    <div id={id} className={styles.picker}>
      <Avatar
        size={56}
        src={preview ?? (currentUrl || defaultAvatar)}
        alt="Avatar preview"
        className={styles.avatar}
      />
      <Button icon={<PictureOutlined />} onClick={choose} disabled={disabled}>
        Choose image
      </Button>
      {value && <span className={styles.fileName}>{value.name}</span>}
    </div>
  )
}

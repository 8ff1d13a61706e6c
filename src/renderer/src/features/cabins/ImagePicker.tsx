import { PictureOutlined, UploadOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useEffect, useState } from 'react'
import { usePlatform } from '../../app/PlatformContext'
import { toastFailure } from '../../ui/failureToast'
import styles from './ImagePicker.module.css'

interface ImagePickerProps {
  /** A newly chosen file, or the URL of the current photo. */
  value?: File | string | null
  onChange?: (value: File) => void
  disabled?: boolean
}

/** A preview of a chosen file lives only as long as the file is shown. */
function usePreviewUrl(value: File | string | null | undefined): string | null {
  const [fileUrl, setFileUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!(value instanceof File)) return
    const url = URL.createObjectURL(value)
    setFileUrl(url)
    return () => URL.revokeObjectURL(url)
  }, [value])
  if (value instanceof File) return fileUrl
  return value || null
}

/** The cabin photo field: the platform's image picker (a native dialog or a file input) and a preview. */
export function ImagePicker({ value, onChange, disabled }: ImagePickerProps) {
  const platform = usePlatform()
  const previewUrl = usePreviewUrl(value)

  async function chooseImage() {
    try {
      const file = await platform.pickImage()
      if (file) onChange?.(file)
    } catch (error) {
      toastFailure(error)
    }
  }

  return (
    // The field's label names the group; the button keeps its own words, "Choose image".
    <div className={styles.picker} role="group" aria-label="Cabin photo">
      <div className={styles.preview}>
        {previewUrl ? <img src={previewUrl} alt="Cabin photo preview" /> : <PictureOutlined aria-hidden />}
      </div>
      <div className={styles.details}>
        <Button icon={<UploadOutlined />} disabled={disabled} onClick={chooseImage}>
          Choose image
        </Button>
        <span className={styles.fileName}>
          {value instanceof File ? value.name : value ? 'Current photo' : 'No image chosen'}
        </span>
      </div>
    </div>
  )
}

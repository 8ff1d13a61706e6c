import { ArrowLeftOutlined, FilePdfOutlined, PrinterOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useState } from 'react'
import toast from 'react-hot-toast'
import { usePlatform } from '../../app/PlatformContext'
import { toastFailure } from '../../ui/failureToast'
import { useMoveBack } from '../../ui/useMoveBack'
import styles from './Print.module.css'

interface PrintToolbarProps {
  /** Where Back goes when the print view was the first screen opened. */
  backTo: string
  /** The PDF's suggested file name, without .pdf. */
  fileName: string
  /** False until there is something worth printing (loading, failed, not found). */
  ready: boolean
}

/** Back, "Save as PDF" (the desktop app) and "Print", above the sheet on screen; never on paper. */
export function PrintToolbar({ backTo, fileName, ready }: PrintToolbarProps) {
  const { printing } = usePlatform()
  const moveBack = useMoveBack(backTo)
  const [isSaving, setIsSaving] = useState(false)

  async function print() {
    try {
      await printing.print()
    } catch (error) {
      toastFailure(error, 'The page could not be printed')
    }
  }

  async function savePdf(save: (name: string) => Promise<string | null>) {
    setIsSaving(true)
    try {
      const path = await save(fileName)
      if (path) toast.success(`Saved as ${path}`)
    } catch (error) {
      toastFailure(error, 'The PDF could not be saved')
    } finally {
      setIsSaving(false)
    }
  }

  const { savePdf: saveWith } = printing
  return (
    <nav className={styles.toolbar} aria-label="Print">
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={moveBack}>
        Back
      </Button>
      <div className={styles.actions}>
        {saveWith && (
          <Button
            icon={<FilePdfOutlined />}
            disabled={!ready}
            loading={isSaving}
            onClick={() => void savePdf(saveWith)}
          >
            Save as PDF
          </Button>
        )}
        <Button type="primary" icon={<PrinterOutlined />} disabled={!ready} onClick={() => void print()}>
          Print
        </Button>
      </div>
    </nav>
  )
}

import { DownloadOutlined, StopOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useRef, useState } from 'react'
import toast from 'react-hot-toast'
import type { CsvColumn } from '@shared/csv'
import { plural } from '@shared/domain/format'
import { usePlatform } from '../app/PlatformContext'
import { exportCsv } from '../lib/exportCsv'
import { toastFailure } from './failureToast'
import styles from './ExportCsvButton.module.css'

/** What one screen exports: built when the button is pressed, from the list's current filter and sort. */
export interface CsvExport<Row> {
  fileName: string
  columns: readonly CsvColumn<Row>[]
  /** The rows, a page at a time; `signal` cancels the export, the request on its way included. */
  pages(signal: AbortSignal): AsyncIterable<readonly Row[]>
  /** How many rows the export will hold, for its progress (the list's own count). */
  total(): Promise<number>
  /** The singular noun of a row: "booking" → "1 234 bookings exported". */
  unit: string
  /** The headline of a failure, e.g. "Bookings could not be exported". */
  failure: string
}

const count = (value: number) => value.toLocaleString('en-US')

/**
 * The progress is drawn again at most this often: drawn for each page, the notification took more
 * of the renderer's time during a 500-page export than writing the file did.
 */
const PROGRESS_EVERY_MS = 250

/**
 * "Export CSV": asks where to save, then streams the list's rows into the file with its progress
 * in a notification ("Exporting bookings… 2,000 of 12,345") that can cancel it, as can the button
 * itself, which reads "Cancel export" meanwhile (the focus stays on it).
 */
export function ExportCsvButton<Row>({ prepare }: { prepare: () => CsvExport<Row> }) {
  const platform = usePlatform()
  const running = useRef<AbortController | null>(null)
  const [isExporting, setIsExporting] = useState(false)

  async function start() {
    const job = prepare()
    let sink
    try {
      // First, still inside the click: a browser shows its save picker only during a user's gesture.
      sink = await platform.saveCsv(job.fileName)
    } catch (error) {
      toastFailure(error, job.failure)
      return
    }
    if (!sink) return

    const controller = new AbortController()
    running.current = controller
    setIsExporting(true)
    let total: number | undefined
    let written = 0
    let shownAt = performance.now()
    const progressId = toast.loading(progress(job.unit, written, total, controller))
    const showProgress = () =>
      toast.loading(progress(job.unit, written, total, controller), { id: progressId })
    job
      .total()
      .then((value) => {
        total = value
        if (running.current === controller) showProgress()
      })
      .catch(() => {})
    try {
      const rows = await exportCsv({
        columns: job.columns,
        pages: job.pages(controller.signal),
        sink,
        signal: controller.signal,
        onProgress: (rows) => {
          written = rows
          if (performance.now() - shownAt < PROGRESS_EVERY_MS) return
          shownAt = performance.now()
          showProgress()
        },
      })
      toast.success(`${plural(rows, job.unit)} exported to ${job.fileName}`, { id: progressId })
    } catch (error) {
      if (controller.signal.aborted) {
        toast('Export cancelled: no file was saved', { id: progressId })
      } else {
        toast.dismiss(progressId)
        toastFailure(error, job.failure)
      }
    } finally {
      running.current = null
      setIsExporting(false)
    }
  }

  return isExporting ? (
    <Button icon={<StopOutlined />} onClick={() => running.current?.abort()}>
      Cancel export
    </Button>
  ) : (
    <Button icon={<DownloadOutlined />} onClick={() => void start()}>
      Export CSV
    </Button>
  )
}

function progress(unit: string, rows: number, total: number | undefined, controller: AbortController) {
  return (
    <span className={styles.progress}>
      <span>
        Exporting {unit}s… {count(rows)}
        {total === undefined ? '' : ` of ${count(total)}`}
      </span>
      <Button size="small" onClick={() => controller.abort()}>
        Cancel
      </Button>
    </span>
  )
}

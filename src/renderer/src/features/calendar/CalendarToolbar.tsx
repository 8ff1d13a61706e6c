import { LeftOutlined, RightOutlined } from '@ant-design/icons'
import { Button, Tooltip } from 'antd'
import dayjs from 'dayjs'
import { addDays } from '@shared/domain/format'
import { DateField } from '../../ui/DateField'
import { Segments } from '../../ui/Segments'
import {
  CALENDAR_SPANS,
  defaultWindow,
  shiftWindow,
  type CalendarSpan,
  type CalendarWindowParams,
} from './windowParams'
import styles from './CalendarToolbar.module.css'

// Typed as "Dec 25 2026" or "2026-12-25" (a weekday could not be read back from what is typed).
const JUMP_FORMATS = ['MMM D YYYY', 'YYYY-MM-DD']
const SPAN_OPTIONS = CALENDAR_SPANS.map((span) => ({ value: String(span), label: `${span} days` }))

/** "Nov 16 – Nov 29, 2026": the days on screen, said when they change. */
function rangeLabel({ from, days }: CalendarWindowParams): string {
  const first = dayjs(from)
  const last = dayjs(addDays(from, days - 1))
  const sameYear = first.year() === last.year()
  return `${first.format(sameYear ? 'MMM D' : 'MMM D, YYYY')} – ${last.format('MMM D, YYYY')}`
}

interface CalendarToolbarProps {
  window: CalendarWindowParams
  today: string
  onChange: (next: CalendarWindowParams) => void
}

/** Previous / Today / Next, a date to jump to and the span: every choice lands in the URL. */
export function CalendarToolbar({ window, today, onChange }: CalendarToolbarProps) {
  const spanWord = `${window.days} days`
  return (
    <div className={styles.toolbar}>
      <div className={styles.steps}>
        <Tooltip title={`Previous ${spanWord}`}>
          <Button
            aria-label="Previous"
            icon={<LeftOutlined />}
            onClick={() => onChange(shiftWindow(window, -1))}
          />
        </Tooltip>
        <Button onClick={() => onChange({ ...defaultWindow(today), days: window.days })}>Today</Button>
        <Tooltip title={`Next ${spanWord}`}>
          <Button
            aria-label="Next"
            icon={<RightOutlined />}
            onClick={() => onChange(shiftWindow(window, 1))}
          />
        </Tooltip>
      </div>
      <DateField
        aria-label="First day shown"
        value={dayjs(window.from)}
        format={JUMP_FORMATS}
        onChange={(date) => onChange({ ...window, from: date.format('YYYY-MM-DD') })}
      />
      <Segments<string>
        aria-label="Days shown"
        options={SPAN_OPTIONS}
        value={String(window.days)}
        onChange={(value) => onChange({ ...window, days: Number(value) as CalendarSpan })}
      />
      <span className={styles.range} aria-live="polite">
        {rangeLabel(window)}
      </span>
    </div>
  )
}

import { CalendarOutlined } from '@ant-design/icons'
import { DatePicker, theme } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState, type CSSProperties } from 'react'
import styles from './DateField.module.css'

interface DateFieldProps {
  'aria-label': string
  value: Dayjs
  /** The formats a typed date may take; the first is the one shown. */
  format: string[]
  onChange: (date: Dayjs) => void
}

/** How the field was first reached: the DatePicker then takes the focus, or only the pointer. */
type FirstUse = 'focus' | 'pointer'

/**
 * Ant Design's DatePicker, drawn as a look-alike until the desk first points at it or tabs to it. The
 * DatePicker writes its ~65 KB of style the first time one is drawn (~0.1 s on a reception PC), which
 * a screen's first draw need not wait for. Reached by Tab, the DatePicker takes the focus at once, so
 * typing goes on in it; reached by the pointer, it is drawn under the pointer before the click.
 */
export function DateField({ 'aria-label': label, value, format, onChange }: DateFieldProps) {
  const [firstUse, setFirstUse] = useState<FirstUse>()
  const { token } = theme.useToken()
  if (firstUse) {
    return (
      <DatePicker
        aria-label={label}
        value={value}
        format={format}
        allowClear={false}
        autoFocus={firstUse === 'focus'}
        onChange={(date) => date && onChange(date)}
      />
    )
  }
  // The DatePicker's own measures and colours, so that nothing moves or changes when it takes over.
  const look = {
    '--field-border': token.colorBorder,
    '--field-border-active': token.colorPrimary,
    '--field-background': token.colorBgContainer,
    '--field-text': token.colorText,
    '--field-icon': token.colorTextQuaternary,
    '--field-radius': `${token.borderRadius}px`,
  } as CSSProperties
  return (
    <span className={styles.field} style={look} onPointerEnter={() => setFirstUse('pointer')}>
      <input
        className={styles.input}
        aria-label={label}
        value={value.format(format[0])}
        // The DatePicker's width: its first format's length, at least 10, and 2 more.
        size={Math.max(10, format[0].length) + 2}
        readOnly
        onFocus={() => setFirstUse('focus')}
      />
      <CalendarOutlined className={styles.icon} />
    </span>
  )
}

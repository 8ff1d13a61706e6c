import { Segmented, type SegmentedProps } from 'antd'

/**
 * Ant Design's Segmented as one tab stop: its options, which the arrow keys move between. Its box is
 * focusable too but does nothing with the keyboard: a dead tab stop before the options.
 */
export function Segments<Value extends string>(props: SegmentedProps<Value>) {
  return <Segmented<Value> {...props} tabIndex={-1} />
}

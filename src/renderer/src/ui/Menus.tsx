import { EllipsisOutlined } from '@ant-design/icons'
import { Button, Dropdown } from 'antd'
import { useRef, type ReactNode } from 'react'

export interface RowMenuItem {
  key: string
  label: string
  icon: ReactNode
  onClick: () => void
  danger?: boolean
}

interface RowMenuProps {
  /** Names the button for assistive technology and tests: "Actions for booking #12". */
  label: string
  items: RowMenuItem[]
}

/** Whether the focus was in a menu that has just closed, or nowhere: it then belongs back on its button. */
function focusIsLost(): boolean {
  const focused = document.activeElement
  return !focused || focused === document.body || focused.closest('[role="menu"]') !== null
}

/**
 * The "⋯" menu at the end of a table row. It takes the focus when it opens, so the arrow keys move
 * between its items; Escape (or Tab) closes it and gives the focus back to the button.
 */
export function RowMenu({ label, items }: RowMenuProps) {
  const button = useRef<HTMLButtonElement>(null)
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      placement="bottomRight"
      menu={{
        items: items.map(({ key, label, icon, danger, onClick }) => ({ key, label, icon, danger, onClick })),
      }}
      // Ant Design's Dropdown means to focus the button on Escape, but its ref does not reach it: the
      // focus would stay on the hidden menu and fall to the page's start.
      onOpenChange={(open, { source }) => {
        if (!open && source === 'trigger' && focusIsLost()) button.current?.focus()
      }}
    >
      <Button
        ref={button}
        type="text"
        shape="circle"
        aria-label={label}
        icon={<EllipsisOutlined style={{ fontSize: 18 }} />}
      />
    </Dropdown>
  )
}

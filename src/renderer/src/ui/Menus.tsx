import { EllipsisOutlined } from '@ant-design/icons'
import { Button, Dropdown } from 'antd'
import type { ReactNode } from 'react'

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

/** The "⋯" menu at the end of a table row. */
export function RowMenu({ label, items }: RowMenuProps) {
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: items.map(({ key, label, icon, danger, onClick }) => ({ key, label, icon, danger, onClick })),
      }}
    >
      <Button
        type="text"
        shape="circle"
        aria-label={label}
        icon={<EllipsisOutlined style={{ fontSize: 18 }} />}
      />
    </Dropdown>
  )
}

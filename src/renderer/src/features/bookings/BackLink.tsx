import { ArrowLeftOutlined } from '@ant-design/icons'
import { Button } from 'antd'

/** The "← Back" link beside a booking screen's title. */
export function BackLink({ onClick }: { onClick: () => void }) {
  return (
    <Button type="link" icon={<ArrowLeftOutlined />} onClick={onClick}>
      Back
    </Button>
  )
}

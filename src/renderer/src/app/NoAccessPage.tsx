import { Button, Result } from 'antd'
import { useNavigate } from 'react-router-dom'
import { CabinPicture } from '../ui/CabinPicture'
import card from '../ui/ResultCard.module.css'

export const NO_ACCESS_TITLE = 'You do not have access to this page'

/**
 * An admin's screen opened by someone else (an old link, a typed address): said plainly inside the
 * app's layout, with the way back. Not "not found": the page is there, it is not theirs.
 */
export function NoAccessPage() {
  const navigate = useNavigate()
  return (
    <Result
      className={card.card}
      icon={<CabinPicture badge="lock" />}
      title={<h1 className={card.title}>{NO_ACCESS_TITLE}</h1>}
      subTitle="This page is for admins. Ask an admin if you need something changed here."
      extra={
        <Button type="primary" size="large" onClick={() => navigate('/dashboard')}>
          Go to the dashboard
        </Button>
      }
    />
  )
}

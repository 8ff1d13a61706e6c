import { Button, Result } from 'antd'
import { CabinPicture } from '../ui/CabinPicture'
import { useMoveBack } from '../ui/useMoveBack'

export function NotFoundPage() {
  const moveBack = useMoveBack('/dashboard')
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: '4.8rem' }}>
      <Result
        icon={<CabinPicture badge="question" />}
        title="The page you are looking for could not be found"
        extra={
          <Button type="primary" size="large" onClick={moveBack}>
            Go back
          </Button>
        }
      />
    </main>
  )
}

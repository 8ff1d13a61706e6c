import { Button, Result } from 'antd'
import { useNavigate } from 'react-router-dom'

export function NotFoundPage() {
  const navigate = useNavigate()
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: '4.8rem' }}>
      <Result
        status="404"
        title="The page you are looking for could not be found"
        extra={
          <Button type="primary" size="large" onClick={() => navigate(-1)}>
            Go back
          </Button>
        }
      />
    </main>
  )
}

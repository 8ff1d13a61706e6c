import { Button, Result } from 'antd'
import { useMoveBack } from '../ui/useMoveBack'

/**
 * A cabin with a question mark, drawn in the theme's colours so that it follows light and dark mode
 * (Ant Design's own 404 picture is a light drawing). Decorative: the title says what happened.
 */
function LostCabin() {
  return (
    <svg width="240" height="200" viewBox="0 0 240 200" aria-hidden focusable="false">
      <circle cx="120" cy="100" r="92" fill="var(--color-grey-100)" />
      <path d="M48 164h144" stroke="var(--color-grey-300)" strokeWidth="6" strokeLinecap="round" />
      <rect x="70" y="98" width="100" height="66" rx="4" fill="var(--color-grey-0)" />
      <rect x="106" y="124" width="28" height="40" rx="3" fill="var(--color-grey-200)" />
      <path
        d="M56 104 120 50l64 54"
        fill="none"
        stroke="var(--color-brand-600)"
        strokeWidth="10"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="176" cy="52" r="26" fill="var(--color-brand-600)" />
      <text x="176" y="63" textAnchor="middle" fontSize="32" fontWeight="600" fill="var(--color-grey-0)">
        ?
      </text>
    </svg>
  )
}

export function NotFoundPage() {
  const moveBack = useMoveBack('/dashboard')
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: '4.8rem' }}>
      <Result
        icon={<LostCabin />}
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

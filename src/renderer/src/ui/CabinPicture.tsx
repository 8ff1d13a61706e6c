/** What the badge on the cabin's roof says: a page that is not there, or one that is not for you. */
export type CabinBadge = 'question' | 'lock'

function Badge({ badge }: { badge: CabinBadge }) {
  if (badge === 'question')
    return (
      <text x="176" y="63" textAnchor="middle" fontSize="32" fontWeight="600" fill="var(--color-grey-0)">
        ?
      </text>
    )
  return (
    <>
      <path
        d="M169 51v-6a7 7 0 0 1 14 0v6"
        fill="none"
        stroke="var(--color-grey-0)"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <rect x="164" y="50" width="24" height="17" rx="3" fill="var(--color-grey-0)" />
    </>
  )
}

/**
 * A cabin with a badge, drawn in the theme's colours so that it follows light and dark mode (Ant
 * Design's own result pictures are light drawings). Decorative: the title beside it says what happened.
 */
export function CabinPicture({ badge }: { badge: CabinBadge }) {
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
      <Badge badge={badge} />
    </svg>
  )
}

import styles from './SkipLink.module.css'

/**
 * The first tab stop of a screen: lets a keyboard user jump past the navigation to the content.
 * The app routes by the URL's hash, so "#id" cannot be an in-page link: it moves focus itself.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a
      href={`#${targetId}`}
      className={styles.skipLink}
      onClick={(event) => {
        event.preventDefault()
        document.getElementById(targetId)?.focus()
      }}
    >
      Skip to main content
    </a>
  )
}

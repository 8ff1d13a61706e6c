import { Alert, Button } from 'antd'
import styles from './ChangedElsewhere.module.css'

/** What a form edits, as the notice names it. */
export type EditedResource = 'booking' | 'cabin' | 'guest' | 'settings'

/** "This booking was changed at another desk"; the settings are plural. */
export function changedElsewhereTitle(resource: EditedResource): string {
  return resource === 'settings'
    ? 'The settings were changed at another desk'
    : `This ${resource} was changed at another desk`
}

interface ChangedElsewhereProps {
  resource: EditedResource
  onReload: () => void
}

/**
 * Said in a form whose record changed underneath it (useEditedRecord): what the user typed stays
 * until they choose to reload the record as it is now.
 */
export function ChangedElsewhere({ resource, onReload }: ChangedElsewhereProps) {
  const what = resource === 'settings' ? 'the settings' : `the ${resource}`
  return (
    <Alert
      className={styles.notice}
      type="warning"
      showIcon
      title={changedElsewhereTitle(resource)}
      description={`What is in this form is kept until you reload ${what} as it is now.`}
      action={<Button onClick={onReload}>Reload {what}</Button>}
    />
  )
}

import { Form, InputNumber } from 'antd'
import type { FocusEvent } from 'react'
import { ChangedElsewhere } from '../../ui/ChangedElsewhere'
import { formLayout } from '../../ui/FormLayout'
import { Panel } from '../../ui/Panel'
import { QueryStates } from '../../ui/QueryStates'
import { FormSkeleton } from '../../ui/Skeletons'
import { useEditedRecord } from '../../ui/useEditedRecord'
import { changedSetting } from './changedSetting'
import type { SettingName, Settings } from './service'
import { useSettings } from './useSettings'
import { useUpdateSetting } from './useUpdateSetting'

interface SettingField {
  name: SettingName
  label: string
  hint: string
  precision: number
  prefix?: string
}

// No min/max on the inputs: Ant Design would silently clamp what was typed. The database refuses
// values out of range and says why, which the failure toast shows.
const FIELDS: SettingField[] = [
  {
    name: 'minBookingLength',
    label: 'Minimum nights/booking',
    hint: 'Shortest stay a guest can book',
    precision: 0,
  },
  {
    name: 'maxBookingLength',
    label: 'Maximum nights/booking',
    hint: 'Longest stay a guest can book',
    precision: 0,
  },
  {
    name: 'maxGuestsPerBooking',
    label: 'Maximum guests/booking',
    hint: 'Most guests in one booking',
    precision: 0,
  },
  {
    name: 'breakfastPrice',
    label: 'Breakfast price',
    hint: 'Per guest and night',
    precision: 2,
    prefix: '$',
  },
]

const isSettingName = (id: string): id is SettingName => FIELDS.some(({ name }) => name === id)

/**
 * The settings as the form found them: each field saves as it is left, from the values it shows; a
 * change at another desk is said, and shown once the user reloads.
 */
function SettingsFields({ live }: { live: Settings }) {
  const [form] = Form.useForm<Settings>()
  const { updateSetting, isUpdating } = useUpdateSetting()
  const { record: settings, isChangedElsewhere, reload, saved } = useEditedRecord(live)
  const restore = (name: SettingName) => form.setFieldValue(name, settings[name])

  // Listening on the form, not the input: the input first rounds what was typed as it loses focus,
  // and the form sees the blur only after that, so it saves the value the user then sees.
  function saveIfChanged(event: FocusEvent<HTMLFormElement>) {
    const name = event.target.id
    if (!isSettingName(name)) return
    const value = form.getFieldValue(name)
    const patch = changedSetting(name, value, settings)
    // An emptied field is not saved; it shows the saved value again.
    if (!patch) return restore(name)
    // A refused value goes back too, so the form never shows what the database does not hold.
    updateSetting(patch, { onSuccess: saved, onError: () => restore(name) })
  }

  return (
    <>
      {isChangedElsewhere && (
        <ChangedElsewhere
          resource="settings"
          onReload={() => {
            form.setFieldsValue(live)
            reload()
          }}
        />
      )}
      <Form form={form} {...formLayout} initialValues={settings} disabled={isUpdating} onBlur={saveIfChanged}>
        {FIELDS.map(({ name, label, hint, precision, prefix }) => (
          <Form.Item key={name} name={name} label={label} extra={hint}>
            <InputNumber
              precision={precision}
              prefix={prefix}
              style={{ width: '100%' }}
              onPressEnter={(event) => event.currentTarget.blur()}
            />
          </Form.Item>
        ))}
      </Form>
    </>
  )
}

export function UpdateSettingsForm() {
  return (
    <QueryStates
      query={useSettings()}
      failedTitle="Settings could not be loaded"
      loading={
        <Panel>
          <FormSkeleton label="Settings" fields={FIELDS.length} />
        </Panel>
      }
    >
      {(settings) => (
        <Panel>
          <SettingsFields live={settings} />
        </Panel>
      )}
    </QueryStates>
  )
}

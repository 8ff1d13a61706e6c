import { Button, Form, Modal } from 'antd'
import { PASSWORD_TOO_SHORT_MESSAGE, PASSWORDS_DIFFER_MESSAGE } from '@shared/domain/validation'
import { NewPasswordFields } from '../../ui/NewPasswordFields'
import type { StaffMember } from './service'
import { useSetStaffPassword } from './useStaff'

interface SetPasswordDialogProps {
  /** Whose password is set. */
  member: StaffMember
  open: boolean
  onClose: () => void
}

// Also the prefix of its fields' ids: the Users screen's own form has a password field too.
const FORM_ID = 'staffPassword'

interface PasswordValues {
  password: string
  passwordConfirm: string
}

/** A new password for someone who forgot theirs, with the password change's rules; their sessions end. */
export function SetPasswordDialog({ member, open, onClose }: SetPasswordDialogProps) {
  const [form] = Form.useForm<PasswordValues>()
  const { setPassword, isSettingPassword } = useSetStaffPassword()
  const name = member.fullName || member.email

  return (
    <Modal
      open={open}
      title={`New password for ${name}`}
      centered
      width={480}
      closable={!isSettingPassword}
      mask={{ closable: !isSettingPassword }}
      keyboard={!isSettingPassword}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      footer={[
        <Button key="cancel" disabled={isSettingPassword} onClick={onClose}>
          Cancel
        </Button>,
        <Button key="set" type="primary" htmlType="submit" form={FORM_ID} loading={isSettingPassword}>
          Set password
        </Button>,
      ]}
    >
      <p>
        {name} signs in with this password from now on; every session they have open ends. Tell it to them in
        person.
      </p>
      <Form<PasswordValues>
        id={FORM_ID}
        name={FORM_ID}
        form={form}
        layout="vertical"
        requiredMark={false}
        // As the app's other password fields: large, so "Show" is a target big enough to hit.
        size="large"
        disabled={isSettingPassword}
        onFinish={({ password }) => setPassword({ id: member.id, password }, { onSuccess: onClose })}
      >
        <NewPasswordFields
          confirmLabel="Confirm password"
          tooShortMessage={PASSWORD_TOO_SHORT_MESSAGE}
          mismatchMessage={PASSWORDS_DIFFER_MESSAGE}
        />
      </Form>
    </Modal>
  )
}

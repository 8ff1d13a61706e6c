import { Form, Input } from 'antd'
import { matchesFieldRule, passwordLengthRule, requiredRule } from './formRules'

interface NewPasswordFieldsProps {
  confirmLabel: string
  /** The spec words these two messages differently on the users and account screens. */
  tooShortMessage: string
  mismatchMessage: string
}

/** A new password and its confirmation, as fields named password and passwordConfirm. */
export function NewPasswordFields({
  confirmLabel,
  tooShortMessage,
  mismatchMessage,
}: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item
        label="Password (min 8 characters)"
        name="password"
        rules={[requiredRule, passwordLengthRule(tooShortMessage)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={confirmLabel}
        name="passwordConfirm"
        dependencies={['password']}
        rules={[requiredRule, matchesFieldRule('password', mismatchMessage)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  )
}

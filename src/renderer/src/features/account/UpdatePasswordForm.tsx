import { Button, Form, Input } from 'antd'
import { PASSWORD_TOO_SHORT_MESSAGE, PASSWORDS_DIFFER_MESSAGE } from '@shared/domain/validation'
import { FormActions, formLayout } from '../../ui/FormLayout'
import { matchesFieldRule, passwordLengthRule, requiredRule } from '../../ui/formRules'
import { useUpdatePassword } from './useUpdateAccount'

interface PasswordValues {
  password: string
  passwordConfirm: string
}

export function UpdatePasswordForm() {
  const [form] = Form.useForm<PasswordValues>()
  const { updatePassword, isUpdating } = useUpdatePassword()

  return (
    <Form<PasswordValues>
      form={form}
      {...formLayout}
      disabled={isUpdating}
      onFinish={({ password }) => updatePassword(password, { onSuccess: () => form.resetFields() })}
    >
      <Form.Item
        label="Password (min 8 characters)"
        name="password"
        rules={[requiredRule, passwordLengthRule(PASSWORD_TOO_SHORT_MESSAGE)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm password"
        name="passwordConfirm"
        dependencies={['password']}
        rules={[requiredRule, matchesFieldRule('password', PASSWORDS_DIFFER_MESSAGE)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <FormActions>
        <Button htmlType="reset">Cancel</Button>
        <Button type="primary" htmlType="submit" loading={isUpdating}>
          Update password
        </Button>
      </FormActions>
    </Form>
  )
}

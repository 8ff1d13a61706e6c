import { Button, Form, Input } from 'antd'
import { PASSWORD_TOO_SHORT_MESSAGE, PASSWORDS_DIFFER_MESSAGE } from '@shared/domain/validation'
import { FormActions, formLayout } from '../../ui/FormLayout'
import { requiredRule } from '../../ui/formRules'
import { NewPasswordFields } from '../../ui/NewPasswordFields'
import { useUpdatePassword } from './useUpdateAccount'

interface PasswordValues {
  currentPassword: string
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
      onFinish={({ currentPassword, password }) =>
        updatePassword({ currentPassword, password }, { onSuccess: () => form.resetFields() })
      }
    >
      {/* Someone at an unlocked desk must not be able to lock its owner out. */}
      <Form.Item label="Current password" name="currentPassword" rules={[requiredRule]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields
        confirmLabel="Confirm password"
        tooShortMessage={PASSWORD_TOO_SHORT_MESSAGE}
        mismatchMessage={PASSWORDS_DIFFER_MESSAGE}
      />
      <FormActions>
        <Button htmlType="reset">Cancel</Button>
        <Button type="primary" htmlType="submit" loading={isUpdating}>
          Update password
        </Button>
      </FormActions>
    </Form>
  )
}

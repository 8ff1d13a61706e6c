import { Button, Form } from 'antd'
import { PASSWORD_TOO_SHORT_MESSAGE, PASSWORDS_DIFFER_MESSAGE } from '@shared/domain/validation'
import { FormActions, formLayout } from '../../ui/FormLayout'
import { NewPasswordFields } from '../../ui/NewPasswordFields'
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

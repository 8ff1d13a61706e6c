import { Button, Form, Input } from 'antd'
import { useUser } from '../auth/useUser'
import { FormActions, formLayout } from '../../ui/FormLayout'
import { requiredRule } from '../../ui/formRules'
import { AvatarPicker } from './AvatarPicker'
import { useUpdateAccount } from './useUpdateAccount'

interface UserDataValues {
  email: string
  fullName: string
  avatar: File | null
}

export function UpdateUserDataForm() {
  const { user } = useUser()
  const [form] = Form.useForm<UserDataValues>()
  const { updateAccount, isUpdating } = useUpdateAccount()
  if (!user) return null

  const userId = user.id
  const initialValues: UserDataValues = {
    email: user.email ?? '',
    fullName: user.user_metadata.fullName ?? '',
    avatar: null,
  }

  function submit({ fullName, avatar }: UserDataValues) {
    updateAccount(
      { userId, fullName: fullName.trim(), avatar },
      {
        onSuccess: (updated) =>
          form.setFieldsValue({ fullName: updated.user_metadata.fullName, avatar: null }),
      },
    )
  }

  return (
    <Form<UserDataValues>
      form={form}
      {...formLayout}
      initialValues={initialValues}
      disabled={isUpdating}
      onFinish={submit}
    >
      <Form.Item label="Email address" name="email">
        <Input disabled />
      </Form.Item>
      <Form.Item label="Full name" name="fullName" rules={[requiredRule]}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item label="Avatar image" name="avatar">
        <AvatarPicker currentUrl={user.user_metadata.avatar ?? ''} />
      </Form.Item>
      <FormActions>
        <Button htmlType="reset">Cancel</Button>
        <Button type="primary" htmlType="submit" loading={isUpdating}>
          Update account
        </Button>
      </FormActions>
    </Form>
  )
}

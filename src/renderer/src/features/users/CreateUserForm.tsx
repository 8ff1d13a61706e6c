import { Alert, Button, Form, Input } from 'antd'
import { FormActions, formLayout } from '../../ui/FormLayout'
import {
  NEW_USER_PASSWORD_TOO_SHORT_MESSAGE,
  NEW_USER_PASSWORDS_DIFFER_MESSAGE,
} from '@shared/domain/validation'
import { emailRule, matchesFieldRule, passwordLengthRule, requiredRule } from '../../ui/formRules'
import { Panel } from '../../ui/Panel'
import type { NewStaffUser } from './service'
import { useCreateUser } from './useCreateUser'

type CreateUserValues = NewStaffUser & { passwordConfirm: string }

export function CreateUserForm() {
  const [form] = Form.useForm<CreateUserValues>()
  const { createUser, isCreating, error, reset } = useCreateUser()

  function submit({ fullName, email, password }: CreateUserValues) {
    createUser({ fullName, email, password }, { onSuccess: () => form.resetFields() })
  }

  return (
    <Panel>
      <Form<CreateUserValues>
        form={form}
        {...formLayout}
        disabled={isCreating}
        onFinish={submit}
        onValuesChange={() => error && reset()}
      >
        <Form.Item label="Full name" name="fullName" rules={[requiredRule]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Email address" name="email" rules={[requiredRule, emailRule]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Password (min 8 characters)"
          name="password"
          rules={[requiredRule, passwordLengthRule(NEW_USER_PASSWORD_TOO_SHORT_MESSAGE)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Repeat password"
          name="passwordConfirm"
          dependencies={['password']}
          rules={[requiredRule, matchesFieldRule('password', NEW_USER_PASSWORDS_DIFFER_MESSAGE)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {error && (
          <Alert
            type="error"
            showIcon
            title="The user could not be created"
            description={error.message}
            style={{ marginBottom: '2.4rem' }}
          />
        )}
        <FormActions>
          <Button htmlType="reset" onClick={() => reset()}>
            Cancel
          </Button>
          <Button type="primary" htmlType="submit" loading={isCreating}>
            Create new user
          </Button>
        </FormActions>
      </Form>
    </Panel>
  )
}

import { Alert, Button, Form, Input } from 'antd'
import { FormActions, formLayout } from '../../ui/FormLayout'
import {
  NEW_USER_PASSWORD_TOO_SHORT_MESSAGE,
  NEW_USER_PASSWORDS_DIFFER_MESSAGE,
} from '@shared/domain/validation'
import { emailRule, requiredRule } from '../../ui/formRules'
import { NewPasswordFields } from '../../ui/NewPasswordFields'
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
        <NewPasswordFields
          confirmLabel="Repeat password"
          tooShortMessage={NEW_USER_PASSWORD_TOO_SHORT_MESSAGE}
          mismatchMessage={NEW_USER_PASSWORDS_DIFFER_MESSAGE}
        />
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

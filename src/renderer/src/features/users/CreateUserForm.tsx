import { Button, Form } from 'antd'
import { FormActions, formLayout } from '../../ui/FormLayout'
import { NewStaffFields } from '../../ui/NewStaffFields'
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
        <NewStaffFields filledBy="colleague" failure={{ title: 'The user could not be created', error }} />
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

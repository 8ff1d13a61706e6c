import { Button, Form, Radio } from 'antd'
import { FormActions, formLayout } from '../../ui/FormLayout'
import { NewStaffFields } from '../../ui/NewStaffFields'
import { Panel } from '../../ui/Panel'
import { DEFAULT_NEW_STAFF_ROLE, ROLE_OPTIONS } from './roles'
import type { NewStaffUser } from './service'
import { useCreateUser } from './useCreateUser'

type CreateUserValues = NewStaffUser & { passwordConfirm: string }

export function CreateUserForm() {
  const [form] = Form.useForm<CreateUserValues>()
  const { createUser, isCreating, error, reset } = useCreateUser()

  function submit({ fullName, email, password, role }: CreateUserValues) {
    createUser({ fullName, email, password, role }, { onSuccess: () => form.resetFields() })
  }

  return (
    <Panel>
      <Form<CreateUserValues>
        form={form}
        {...formLayout}
        disabled={isCreating}
        initialValues={{ role: DEFAULT_NEW_STAFF_ROLE }}
        onFinish={submit}
        onValuesChange={() => error && reset()}
      >
        <NewStaffFields filledBy="colleague" failure={{ title: 'The user could not be created', error }}>
          <Form.Item label="Role" name="role">
            <Radio.Group aria-label="Role" options={ROLE_OPTIONS} optionType="button" />
          </Form.Item>
        </NewStaffFields>
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

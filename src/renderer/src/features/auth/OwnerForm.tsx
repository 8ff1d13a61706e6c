import { useMutation } from '@tanstack/react-query'
import { Button, Form, Input } from 'antd'
import { requiredRule } from '../../ui/formRules'
import { NewStaffFields } from '../../ui/NewStaffFields'
import { createOwner, type NewOwner } from './ownerService'
import { useLogin } from './useLogin'
import styles from './LoginPage.module.css'

type OwnerValues = NewOwner & { passwordConfirm: string }

/** A new desk's first screen: the owner's account (the first staff member), then signed in. */
export function OwnerForm() {
  const { login, isLoggingIn } = useLogin()
  const { mutate, isPending, error, reset } = useMutation({
    mutationFn: createOwner,
    onSuccess: (_, owner) => login({ email: owner.email, password: owner.password }),
  })
  const busy = isPending || isLoggingIn
  return (
    <Form<OwnerValues>
      className={styles.card}
      layout="vertical"
      requiredMark={false}
      size="large"
      disabled={busy}
      onFinish={({ businessName, fullName, email, password }) =>
        mutate({ businessName: businessName.trim(), fullName: fullName.trim(), email, password })
      }
      onValuesChange={() => error && reset()}
    >
      <Form.Item label="Business name" name="businessName" rules={[requiredRule]}>
        <Input autoComplete="organization" maxLength={100} autoFocus />
      </Form.Item>
      <NewStaffFields filledBy="owner" failure={{ title: 'The owner account could not be created', error }} />
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Create the owner account
        </Button>
      </Form.Item>
    </Form>
  )
}

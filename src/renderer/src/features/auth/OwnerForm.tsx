import { useMutation } from '@tanstack/react-query'
import { Alert, Button, Form, Input } from 'antd'
import {
  NEW_USER_PASSWORD_TOO_SHORT_MESSAGE,
  NEW_USER_PASSWORDS_DIFFER_MESSAGE,
} from '@shared/domain/validation'
import { emailRule, requiredRule } from '../../ui/formRules'
import { NewPasswordFields } from '../../ui/NewPasswordFields'
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
      <Form.Item label="Full name" name="fullName" rules={[requiredRule]}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item label="Email address" name="email" rules={[requiredRule, emailRule]}>
        <Input type="email" autoComplete="username" />
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
          title="The owner account could not be created"
          description={error.message}
          style={{ marginBottom: '2.4rem' }}
        />
      )}
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Create the owner account
        </Button>
      </Form.Item>
    </Form>
  )
}

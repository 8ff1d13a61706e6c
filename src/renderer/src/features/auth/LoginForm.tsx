import { Button, Form, Input } from 'antd'
import { requiredRule } from '../../ui/formRules'
import type { Credentials } from './service'
import { useLogin } from './useLogin'
import styles from './LoginPage.module.css'

export function LoginForm() {
  const { login, isLoggingIn } = useLogin()
  return (
    <Form<Credentials>
      className={styles.card}
      layout="vertical"
      requiredMark={false}
      size="large"
      disabled={isLoggingIn}
      onFinish={(credentials) => login(credentials)}
    >
      <Form.Item label="Email address" name="email" rules={[requiredRule]}>
        <Input type="email" autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[requiredRule]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={isLoggingIn}>
          Login
        </Button>
      </Form.Item>
    </Form>
  )
}

import { Alert, Form, Input } from 'antd'
import type { ReactNode } from 'react'
import {
  NEW_USER_PASSWORD_TOO_SHORT_MESSAGE,
  NEW_USER_PASSWORDS_DIFFER_MESSAGE,
} from '@shared/domain/validation'
import { emailRule, requiredRule } from './formRules'
import { NewPasswordFields } from './NewPasswordFields'

interface NewStaffFieldsProps {
  /**
   * Whose account it is: the owner's own (the browser may fill in and remember their name and
   * address) or a colleague's that staff create (it must not offer the signed-in user's).
   */
  filledBy: 'owner' | 'colleague'
  /** Why the last attempt failed, under the fields. */
  failure?: { title: string; error: Error | null }
  /** More fields after the password (the role a colleague gets). */
  children?: ReactNode
}

/** A new staff account's fields (full name, email address, password twice) and why it failed. */
export function NewStaffFields({ filledBy, failure, children }: NewStaffFieldsProps) {
  const own = filledBy === 'owner'
  return (
    <>
      <Form.Item label="Full name" name="fullName" rules={[requiredRule]}>
        <Input autoComplete={own ? 'name' : 'off'} />
      </Form.Item>
      <Form.Item label="Email address" name="email" rules={[requiredRule, emailRule]}>
        <Input type="email" autoComplete={own ? 'username' : 'off'} />
      </Form.Item>
      <NewPasswordFields
        confirmLabel="Repeat password"
        tooShortMessage={NEW_USER_PASSWORD_TOO_SHORT_MESSAGE}
        mismatchMessage={NEW_USER_PASSWORDS_DIFFER_MESSAGE}
      />
      {children}
      {failure?.error && (
        <Alert
          type="error"
          showIcon
          title={failure.title}
          description={failure.error.message}
          style={{ marginBottom: '2.4rem' }}
        />
      )}
    </>
  )
}

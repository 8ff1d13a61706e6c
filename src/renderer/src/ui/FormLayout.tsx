import type { FormProps } from 'antd'
import type { ReactNode } from 'react'
import styles from './FormLayout.module.css'

/** The app's settings-style form: labels in a left column, inputs beside them, one row each. */
export const formLayout = {
  className: styles.form,
  layout: 'horizontal',
  labelAlign: 'left',
  colon: false,
  requiredMark: false,
  labelCol: { flex: '24rem' },
  wrapperCol: { flex: '1 1 0', style: { maxWidth: '40rem' } },
  size: 'large',
} satisfies FormProps

/** The buttons at the end of a form, right-aligned beneath the inputs. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>
}

import { CloudServerOutlined, DatabaseOutlined } from '@ant-design/icons'
import { Alert, Button, Form, Input, Skeleton, type FormRule } from 'antd'
import { useState } from 'react'
import type { Connection } from '@shared/ipc'
import { usePlatform } from '../../../app/PlatformContext'
import type { ConnectionControl } from '../../../platform/types'
import { FormActions, formLayout } from '../../../ui/FormLayout'
import { Panel } from '../../../ui/Panel'
import styles from './BackendConnection.module.css'
import { ConfirmConnectionSwitch } from './ConfirmConnectionSwitch'
import {
  anonKeyProblem,
  hostedConnection,
  hostOf,
  projectUrlProblem,
  type HostedProjectValues,
} from './hostedProject'
import { useBackendConnection } from './useBackendConnection'

const LOCAL: Connection = { mode: 'local' }

const ruleFrom = (problemOf: (value: string | undefined) => string | null): FormRule => ({
  validator: (_, value: string | undefined) => {
    const problem = problemOf(value)
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve()
  },
})

function describeConnection(connection: Connection) {
  return connection.mode === 'local'
    ? {
        icon: <DatabaseOutlined />,
        status: 'This desk uses the built-in local database',
        detail:
          'Bookings and staff accounts are kept on this computer. To share them between several desks, connect to a hosted Supabase project.',
      }
    : {
        icon: <CloudServerOutlined />,
        status: `Connected to ${hostOf(connection.supabaseUrl)}`,
        detail:
          'Bookings and staff accounts are kept in this hosted Supabase project and shared by every desk connected to it.',
      }
}

function CurrentConnection({ connection }: { connection: Connection | undefined }) {
  if (!connection)
    return (
      <p className={styles.status}>The current connection could not be read. You can still choose one.</p>
    )
  const { icon, status, detail } = describeConnection(connection)
  return (
    <div className={styles.current}>
      <span className={styles.icon} aria-hidden>
        {icon}
      </span>
      <div>
        <p className={styles.status}>{status}</p>
        <p className={styles.detail}>{detail}</p>
      </div>
    </div>
  )
}

function BackendConnectionPanel({ control }: { control: ConnectionControl }) {
  const { connection, isLoading, switchTo, isSwitching, switchError, resetSwitchError } =
    useBackendConnection(control)
  // The switch the user asked for, waiting for their confirmation.
  const [target, setTarget] = useState<Connection | null>(null)

  function ask(next: Connection) {
    resetSwitchError()
    setTarget(next)
  }

  return (
    <Panel title="Backend connection">
      {isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <CurrentConnection connection={connection} />
      )}
      <h3 className={styles.formTitle}>
        {connection?.mode === 'hosted' ? 'Connect to another hosted project' : 'Connect to a hosted project'}
      </h3>
      <Form<HostedProjectValues>
        name="backendConnection"
        {...formLayout}
        disabled={isSwitching}
        onFinish={(values) => ask(hostedConnection(values))}
        onValuesChange={() => switchError && resetSwitchError()}
      >
        <Form.Item
          label="Project URL"
          name="supabaseUrl"
          rules={[ruleFrom(projectUrlProblem)]}
          extra="The API URL of your Supabase project"
        >
          <Input
            placeholder="https://abcd.supabase.co"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
        <Form.Item
          label="Anon key"
          name="supabaseAnonKey"
          rules={[ruleFrom(anonKeyProblem)]}
          extra="The project’s public anon key, never the service role key"
        >
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
        {switchError && (
          <Alert
            type="error"
            showIcon
            title="The connection was not changed"
            description={switchError.message}
            className={styles.error}
          />
        )}
        <FormActions>
          {connection?.mode === 'hosted' && (
            <Button onClick={() => ask(LOCAL)}>Use the local database</Button>
          )}
          <Button type="primary" htmlType="submit">
            Connect
          </Button>
        </FormActions>
      </Form>
      <ConfirmConnectionSwitch
        target={target}
        isSwitching={isSwitching}
        onConfirm={(next) => switchTo(next, { onError: () => setTarget(null) })}
        onCancel={() => setTarget(null)}
      />
    </Panel>
  )
}

/** Choosing the backend is for the desktop app only; web mode is served by its own backend. */
export function BackendConnection() {
  const { connection } = usePlatform()
  return connection ? <BackendConnectionPanel control={connection} /> : null
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Descriptions, Skeleton, Space, Typography } from 'antd'
import toast from 'react-hot-toast'
import type { BackupStatus } from '@shared/backups'
import { usePlatform } from '../../../app/PlatformContext'
import type { BackupFolderControl } from '../../../platform/types'
import { Panel } from '../../../ui/Panel'
import { CONNECTION_QUERY_KEY } from '../connection/useBackendConnection'
import { backUpNow, getBackupStatus } from './service'

export const BACKUPS_QUERY_KEY = ['backups'] as const

/** 12 345 678 bytes → '11.8 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

function LastBackup({ status }: { status: BackupStatus }) {
  return (
    <Descriptions
      column={1}
      items={[
        {
          key: 'last',
          label: 'Last backup',
          children: status.last
            ? `${new Date(status.last.createdAt).toLocaleString()} (${formatBytes(status.last.bytes)})`
            : 'None yet',
        },
        { key: 'dir', label: 'Kept in', children: <Typography.Text copyable>{status.dir}</Typography.Text> },
      ]}
    />
  )
}

/**
 * The desktop app's native folder dialog. Main saves the choice and the backend reads it when it
 * next starts, which the toast says rather than pretending the folder is in use already.
 */
function ChangeFolderButton({ control }: { control: BackupFolderControl }) {
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: () => control.chooseFolder(),
    onSuccess: async (choice) => {
      if (choice === null) return
      if ('error' in choice) {
        toast.error(choice.error)
        return
      }
      toast.success(`Backups go to ${choice.folder} from the next start`)
      await queryClient.invalidateQueries({ queryKey: BACKUPS_QUERY_KEY })
    },
    onError: (error) => toast.error(`The backup folder could not be changed: ${error.message}`),
  })
  return (
    <Button onClick={() => change.mutate()} loading={change.isPending}>
      Change folder…
    </Button>
  )
}

function BackupsPanel() {
  const { backupFolder } = usePlatform()
  const queryClient = useQueryClient()
  const {
    data: status,
    isPending,
    error,
  } = useQuery({ queryKey: BACKUPS_QUERY_KEY, queryFn: getBackupStatus })
  const backup = useMutation({
    mutationFn: backUpNow,
    onSuccess: (next) => queryClient.setQueryData(BACKUPS_QUERY_KEY, next),
  })
  if (isPending)
    return (
      // Unnamed until it is known to be the Backups panel: a backend without backups shows none.
      <Panel>
        <Skeleton active paragraph={{ rows: 2 }} />
      </Panel>
    )
  // Backups off on this server: nothing to show.
  if (status === null) return null
  return (
    <Panel
      title="Backups"
      extra={
        status && (
          <Space>
            {backupFolder && <ChangeFolderButton control={backupFolder} />}
            <Button onClick={() => backup.mutate()} loading={backup.isPending}>
              Back up now
            </Button>
          </Space>
        )
      }
    >
      {status && <LastBackup status={status} />}
      {(error ?? backup.error) && (
        <Alert
          type="error"
          showIcon
          message={(error ?? backup.error)?.message}
          description={((error ?? backup.error)?.cause as Error | undefined)?.message}
        />
      )}
    </Panel>
  )
}

/**
 * The embedded backend's backups: shown in web mode (always served by it) and in the desktop app
 * while it uses the built-in database; a hosted Supabase project has no backups to show.
 */
export function Backups() {
  const { connection: control } = usePlatform()
  const { data: connection } = useQuery({
    queryKey: CONNECTION_QUERY_KEY,
    queryFn: () => control!.get(),
    enabled: control !== undefined,
  })
  const embedded = control === undefined || connection?.mode === 'local'
  return embedded ? <BackupsPanel /> : null
}

import { DeleteOutlined, KeyOutlined } from '@ant-design/icons'
import { Select, Tag } from 'antd'
import { useState } from 'react'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { DataTable, type DataTableColumn } from '../../ui/DataTable'
import { RowMenu } from '../../ui/Menus'
import { QueryStates } from '../../ui/QueryStates'
import { TableSkeleton } from '../../ui/Skeletons'
import { useUser } from '../auth/useUser'
import { ROLE_OPTIONS } from './roles'
import type { StaffMember } from './service'
import { SetPasswordDialog } from './SetPasswordDialog'
import { useRemoveStaff, useSetStaffRole, useStaff } from './useStaff'
import styles from './StaffTable.module.css'

const nameOf = (member: StaffMember) => member.fullName || member.email

interface StaffActions {
  ownId: string | undefined
  isSettingRole: boolean
  onRoleChange: (member: StaffMember, role: StaffMember['role']) => void
  onSetPassword: (member: StaffMember) => void
  onRemove: (member: StaffMember) => void
}

function columns({
  ownId,
  isSettingRole,
  onRoleChange,
  onSetPassword,
  onRemove,
}: StaffActions): DataTableColumn<StaffMember>[] {
  return [
    {
      title: 'Name',
      key: 'name',
      fit: { share: 3, minWidth: 180 },
      render: (_, member) => (
        <div className={styles.stacked}>
          <span className={styles.name}>
            {member.fullName || '—'}
            {member.id === ownId && <Tag className={styles.you}>You</Tag>}
          </span>
          <span className={styles.email}>{member.email}</span>
        </div>
      ),
    },
    {
      title: 'Role',
      key: 'role',
      fit: { share: 1.5, minWidth: 150 },
      // One's own role too: the last admin's refusal comes from the server, in its words.
      render: (_, member) => (
        <Select
          aria-label={`Role of ${nameOf(member)}`}
          className={styles.role}
          value={member.role}
          options={ROLE_OPTIONS}
          disabled={isSettingRole}
          onChange={(role) => onRoleChange(member, role)}
        />
      ),
    },
    {
      key: 'actions',
      fit: { share: 0.5, minWidth: 32 },
      align: 'right',
      // One's own password is changed on the Account screen, with the current one; nobody removes themself.
      render: (_, member) =>
        member.id !== ownId && (
          <RowMenu
            label={`Actions for ${nameOf(member)}`}
            items={[
              {
                key: 'password',
                label: 'Set a new password',
                icon: <KeyOutlined />,
                onClick: () => onSetPassword(member),
              },
              {
                key: 'remove',
                label: 'Remove staff access',
                icon: <DeleteOutlined />,
                danger: true,
                onClick: () => onRemove(member),
              },
            ]}
          />
        ),
    },
  ]
}

/** The staff with their roles, for an admin: change a role, set a new password, remove access. */
export function StaffTable() {
  const staffQuery = useStaff()
  const { user } = useUser()
  const { setRole, isSettingRole } = useSetStaffRole()
  const { removeStaff, isRemoving } = useRemoveStaff()
  // Who a dialog is about stays set while it closes, so its words do not go blank as it fades.
  const [passwordFor, setPasswordFor] = useState<StaffMember | null>(null)
  const [isSettingPassword, setIsSettingPassword] = useState(false)
  const [toRemove, setToRemove] = useState<StaffMember | null>(null)
  const [isConfirmingRemove, setIsConfirmingRemove] = useState(false)

  const tableColumns = columns({
    ownId: user?.id,
    isSettingRole,
    onRoleChange: (member, role) => setRole({ id: member.id, role }),
    onSetPassword: (member) => {
      setPasswordFor(member)
      setIsSettingPassword(true)
    },
    onRemove: (member) => {
      setToRemove(member)
      setIsConfirmingRemove(true)
    },
  })

  return (
    <>
      <QueryStates
        query={staffQuery}
        failedTitle="The staff could not be loaded"
        loading={<TableSkeleton columns={tableColumns} label="Staff" rows={3} />}
      >
        {(staff) => <DataTable<StaffMember> aria-label="Staff" columns={tableColumns} dataSource={staff} />}
      </QueryStates>
      {passwordFor && (
        <SetPasswordDialog
          member={passwordFor}
          open={isSettingPassword}
          onClose={() => setIsSettingPassword(false)}
        />
      )}
      <ConfirmDialog
        open={isConfirmingRemove}
        title="Remove staff access"
        confirmLabel="Remove access"
        danger
        isPending={isRemoving}
        onCancel={() => setIsConfirmingRemove(false)}
        onConfirm={() =>
          toRemove && removeStaff(toRemove.id, { onSettled: () => setIsConfirmingRemove(false) })
        }
      >
        <p>
          Remove {toRemove && nameOf(toRemove)} ({toRemove?.email}) from the staff? Their open sessions end at
          once and they can no longer use Innkeeper. The bookings' history keeps their name.
        </p>
      </ConfirmDialog>
    </>
  )
}

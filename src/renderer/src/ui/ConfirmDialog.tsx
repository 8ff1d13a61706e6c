import { Button, Modal } from 'antd'
import type { ReactNode } from 'react'

interface ConfirmDialogProps {
  open: boolean
  title: string
  /** The confirming button says what it does ("Check out"), never "OK". */
  confirmLabel: string
  /** The button that steps back: "Cancel", or words of its own where the action is itself a cancel. */
  cancelLabel?: string
  isPending: boolean
  /** The action cannot be taken yet (what it needs is still loading or failed); stepping back still can. */
  confirmDisabled?: boolean
  /** The action destroys something: its button is red. */
  danger?: boolean
  width?: number
  onConfirm: () => void
  onCancel: () => void
  children: ReactNode
}

/**
 * Asks before an action that cannot be taken back. The dialog holds the focus (Tab cycles inside,
 * Escape cancels); nothing can be dismissed while the action runs.
 */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  cancelLabel = 'Cancel',
  isPending,
  confirmDisabled = false,
  danger = false,
  width = 460,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      centered
      width={width}
      closable={!isPending}
      mask={{ closable: !isPending }}
      keyboard={!isPending}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" disabled={isPending} onClick={onCancel}>
          {cancelLabel}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          danger={danger}
          disabled={isPending || confirmDisabled}
          loading={isPending}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  )
}

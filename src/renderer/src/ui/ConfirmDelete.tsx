import { Button, Modal } from 'antd'

interface ConfirmDeleteProps {
  /** What is deleted, as the sentence names it: "booking", "cabin". */
  resourceName: string
  open: boolean
  isDeleting: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** The deletion dialog of spec §2: nothing can be dismissed while the deletion runs. */
export function ConfirmDelete({ resourceName, open, isDeleting, onConfirm, onCancel }: ConfirmDeleteProps) {
  return (
    <Modal
      open={open}
      title={`Delete ${resourceName}`}
      centered
      width={460}
      closable={!isDeleting}
      mask={{ closable: !isDeleting }}
      keyboard={!isDeleting}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" disabled={isDeleting} onClick={onCancel}>
          Cancel
        </Button>,
        <Button
          key="delete"
          type="primary"
          danger
          disabled={isDeleting}
          loading={isDeleting}
          onClick={onConfirm}
        >
          Delete
        </Button>,
      ]}
    >
      <p>Are you sure you want to delete this {resourceName} permanently? This action cannot be undone.</p>
    </Modal>
  )
}

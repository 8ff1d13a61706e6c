import { ConfirmDialog } from './ConfirmDialog'

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
    <ConfirmDialog
      open={open}
      title={`Delete ${resourceName}`}
      confirmLabel="Delete"
      danger
      isPending={isDeleting}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>Are you sure you want to delete this {resourceName} permanently? This action cannot be undone.</p>
    </ConfirmDialog>
  )
}

import { Button, Modal } from 'antd'
import { GuestForm } from './GuestForm'
import styles from './NewGuestModal.module.css'
import { useSaveGuest } from './useSaveGuest'

const FORM_ID = 'new-guest-form'

/** "New guest": the guest is created and the directory shows them; nothing else opens. */
export function NewGuestModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { saveGuest, isSaving } = useSaveGuest()
  return (
    <Modal
      open={open}
      title="New guest"
      width={720}
      centered
      destroyOnHidden
      closable={!isSaving}
      mask={{ closable: !isSaving }}
      keyboard={!isSaving}
      onCancel={onClose}
      footer={[
        <Button key="cancel" disabled={isSaving} onClick={onClose}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" htmlType="submit" form={FORM_ID} loading={isSaving}>
          Create guest
        </Button>,
      ]}
    >
      <GuestForm
        id={FORM_ID}
        className={styles.form}
        autoFocus
        disabled={isSaving}
        onSave={(guest) => saveGuest({ guest }, { onSuccess: onClose })}
      />
    </Modal>
  )
}

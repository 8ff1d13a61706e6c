import { Button, Form, Input, InputNumber, Modal, type FormRule } from 'antd'
import {
  DEFAULT_CABIN_DISCOUNT,
  validateCabin,
  type CabinField,
  type CabinFormValues,
} from '@shared/domain/validation'
import { ChangedElsewhere } from '../../ui/ChangedElsewhere'
import { useEditedRecord } from '../../ui/useEditedRecord'
import styles from './CabinFormModal.module.css'
import { ImagePicker } from './ImagePicker'
import type { Cabin } from './types'
import { useSaveCabin } from './useSaveCabin'

interface CabinFormModalProps {
  open: boolean
  /** The cabin to edit, as the database has it now; without it the form creates a new cabin. */
  cabin?: Cabin
  onClose: () => void
  /** Called once the closing animation has finished. */
  afterClose?: () => void
}

/** One rule per field, all from validateCabin, so the messages are exactly those of spec §5. */
function cabinRule(field: CabinField, isCreating: boolean): FormRule {
  return ({ getFieldsValue }) => ({
    validator() {
      const message = validateCabin(getFieldsValue(true) as CabinFormValues, { isCreating })[field]
      return message ? Promise.reject(new Error(message)) : Promise.resolve()
    },
  })
}

const FORM_ID = 'cabin-form'

export function CabinFormModal({ open, cabin: liveCabin, onClose, afterClose }: CabinFormModalProps) {
  // The cabin as the form found it: a change at another desk is said, not typed over.
  const { record: cabin, isChangedElsewhere, reload, formKey } = useEditedRecord(liveCabin)
  const isCreating = cabin === undefined
  const { saveCabin, isSaving } = useSaveCabin()
  const rule = (field: CabinField) => [cabinRule(field, isCreating)]

  function submit(values: CabinFormValues) {
    const { image } = values
    saveCabin(
      {
        id: cabin?.id,
        cabin: {
          name: values.name!.trim(),
          maxCapacity: values.maxCapacity!,
          regularPrice: values.regularPrice!,
          discount: values.discount!,
          description: values.description!.trim(),
          image: cabin?.image ?? null,
        },
        imageFile: image instanceof File ? image : undefined,
      },
      { onSuccess: onClose },
    )
  }

  return (
    <Modal
      open={open}
      title={isCreating ? 'Add new cabin' : `Edit cabin ${cabin.name}`}
      width={720}
      centered
      destroyOnHidden
      closable={!isSaving}
      mask={{ closable: !isSaving }}
      keyboard={!isSaving}
      onCancel={onClose}
      afterClose={afterClose}
      footer={[
        <Button key="cancel" disabled={isSaving} onClick={onClose}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" htmlType="submit" form={FORM_ID} loading={isSaving}>
          {isCreating ? 'Create new cabin' : 'Save changes'}
        </Button>,
      ]}
    >
      {isChangedElsewhere && <ChangedElsewhere resource="cabin" onReload={reload} />}
      <Form<CabinFormValues>
        key={formKey}
        id={FORM_ID}
        className={styles.form}
        layout="horizontal"
        labelAlign="left"
        colon={false}
        requiredMark={false}
        labelCol={{ flex: '20rem' }}
        wrapperCol={{ flex: '1 1 0' }}
        disabled={isSaving}
        initialValues={cabin ?? { discount: DEFAULT_CABIN_DISCOUNT }}
        onFinish={submit}
      >
        <Form.Item label="Cabin name" name="name" rules={rule('name')}>
          <Input autoFocus />
        </Form.Item>
        <Form.Item label="Maximum capacity" name="maxCapacity" rules={rule('maxCapacity')}>
          <InputNumber className={styles.number} />
        </Form.Item>
        <Form.Item label="Regular price" name="regularPrice" rules={rule('regularPrice')}>
          <InputNumber className={styles.number} prefix="$" />
        </Form.Item>
        <Form.Item label="Discount" name="discount" rules={rule('discount')} dependencies={['regularPrice']}>
          <InputNumber className={styles.number} prefix="$" min={0} />
        </Form.Item>
        <Form.Item label="Description for website" name="description" rules={rule('description')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <Form.Item label="Cabin photo" name="image" rules={rule('image')}>
          <ImagePicker />
        </Form.Item>
      </Form>
    </Modal>
  )
}

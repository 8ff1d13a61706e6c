import { CopyOutlined, DeleteOutlined, EditOutlined, PictureOutlined } from '@ant-design/icons'
import type { TableColumnsType } from 'antd'
import { useMemo, useState } from 'react'
import { formatCurrency, plural } from '@shared/domain/format'
import { ConfirmDelete } from '../../ui/ConfirmDelete'
import { DataTable } from '../../ui/DataTable'
import { Empty } from '../../ui/Empty'
import { RowMenu } from '../../ui/Menus'
import { useOptionParam } from '../../ui/searchParams'
import { Spinner } from '../../ui/Spinner'
import { CabinFormModal } from './CabinFormModal'
import {
  CABIN_DISCOUNT_FILTERS,
  CABIN_SORT_OPTIONS,
  DEFAULT_CABIN_DISCOUNT_FILTER,
  DEFAULT_CABIN_SORT,
  filterAndSortCabins,
} from './cabinList'
import styles from './CabinTable.module.css'
import type { Cabin } from './types'
import { useCabins } from './useCabins'
import { useDeleteCabin } from './useDeleteCabin'
import { useSaveCabin } from './useSaveCabin'

// The spec's column width ratios: image, cabin, capacity, price, discount, menu.
const RATIOS = [0.6, 1.8, 2.2, 1, 1, 1]
const width = (column: number) =>
  `${((RATIOS[column] / RATIOS.reduce((sum, ratio) => sum + ratio)) * 100).toFixed(2)}%`

function CabinThumbnail({ cabin }: { cabin: Cabin }) {
  const [failed, setFailed] = useState(false)
  if (!cabin.image || failed)
    return (
      <span
        className={`${styles.thumbnail} ${styles.noImage}`}
        role="img"
        aria-label={`No photo of ${cabin.name}`}
      >
        <PictureOutlined />
      </span>
    )
  return (
    <img
      className={styles.thumbnail}
      src={cabin.image}
      alt={`Cabin ${cabin.name}`}
      onError={() => setFailed(true)}
    />
  )
}

interface CabinActions {
  onDuplicate: (cabin: Cabin) => void
  onEdit: (cabin: Cabin) => void
  onDelete: (cabin: Cabin) => void
}

function columns({ onDuplicate, onEdit, onDelete }: CabinActions): TableColumnsType<Cabin> {
  return [
    {
      key: 'image',
      width: width(0),
      className: styles.imageCell,
      render: (_, cabin) => <CabinThumbnail cabin={cabin} />,
    },
    {
      title: 'Cabin',
      key: 'name',
      width: width(1),
      render: (_, cabin) => <span className={styles.name}>{cabin.name}</span>,
    },
    {
      title: 'Capacity',
      key: 'capacity',
      width: width(2),
      render: (_, cabin) => `Fits up to ${plural(cabin.maxCapacity, 'guest')}`,
    },
    {
      title: 'Price',
      key: 'price',
      width: width(3),
      align: 'right',
      render: (_, cabin) => <span className={styles.price}>{formatCurrency(cabin.regularPrice)}</span>,
    },
    {
      title: 'Discount',
      key: 'discount',
      width: width(4),
      align: 'right',
      render: (_, cabin) =>
        cabin.discount ? (
          <span className={styles.discount}>{formatCurrency(cabin.discount)}</span>
        ) : (
          <span className={styles.noDiscount} aria-label="No discount">
            &mdash;
          </span>
        ),
    },
    {
      key: 'actions',
      width: width(5),
      align: 'right',
      render: (_, cabin) => (
        <RowMenu
          label={`Actions for cabin ${cabin.name}`}
          items={[
            {
              key: 'duplicate',
              label: 'Duplicate',
              icon: <CopyOutlined />,
              onClick: () => onDuplicate(cabin),
            },
            { key: 'edit', label: 'Edit', icon: <EditOutlined />, onClick: () => onEdit(cabin) },
            {
              key: 'delete',
              label: 'Delete',
              icon: <DeleteOutlined />,
              danger: true,
              onClick: () => onDelete(cabin),
            },
          ]}
        />
      ),
    },
  ]
}

export function CabinTable() {
  const { cabins, isLoading } = useCabins()
  const [discount] = useOptionParam('discount', CABIN_DISCOUNT_FILTERS, DEFAULT_CABIN_DISCOUNT_FILTER)
  const [sortBy] = useOptionParam('sortBy', CABIN_SORT_OPTIONS, DEFAULT_CABIN_SORT)
  const { saveCabin } = useSaveCabin()
  const { deleteCabin, isDeleting } = useDeleteCabin()
  const [cabinToEdit, setCabinToEdit] = useState<Cabin | null>(null)
  const [isEditing, setIsEditing] = useState(false)
  const [cabinToDelete, setCabinToDelete] = useState<Cabin | null>(null)

  const shownCabins = useMemo(
    () => (cabins ? filterAndSortCabins(cabins, discount, sortBy) : []),
    [cabins, discount, sortBy],
  )

  if (isLoading) return <Spinner />
  if (!cabins?.length) return <Empty resourceName="cabins" />

  const actions: CabinActions = {
    onDuplicate: ({ name, maxCapacity, regularPrice, discount, description, image }) =>
      saveCabin({
        cabin: { name: `Copy of ${name}`, maxCapacity, regularPrice, discount, description, image },
      }),
    onEdit: (cabin) => {
      setCabinToEdit(cabin)
      setIsEditing(true)
    },
    onDelete: setCabinToDelete,
  }

  return (
    <>
      <DataTable<Cabin> aria-label="Cabins" columns={columns(actions)} dataSource={shownCabins} />
      {cabinToEdit && (
        <CabinFormModal
          open={isEditing}
          cabin={cabinToEdit}
          onClose={() => setIsEditing(false)}
          afterClose={() => setCabinToEdit(null)}
        />
      )}
      <ConfirmDelete
        resourceName="cabin"
        open={cabinToDelete !== null}
        isDeleting={isDeleting}
        onCancel={() => setCabinToDelete(null)}
        onConfirm={() =>
          cabinToDelete && deleteCabin(cabinToDelete.id, { onSettled: () => setCabinToDelete(null) })
        }
      />
    </>
  )
}

import { CopyOutlined, DeleteOutlined, EditOutlined, PictureOutlined } from '@ant-design/icons'
import { useMemo, useState } from 'react'
import { formatCurrency, plural } from '@shared/domain/format'
import { ConfirmDelete } from '../../ui/ConfirmDelete'
import { DataTable, type DataTableColumn } from '../../ui/DataTable'
import { Empty } from '../../ui/Empty'
import { RowMenu } from '../../ui/Menus'
import { useOptionParam } from '../../ui/searchParams'
import { QueryStates } from '../../ui/QueryStates'
import { TableSkeleton } from '../../ui/Skeletons'
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
import { useIsAdmin } from '../auth/useRole'
import { useDeleteCabin } from './useDeleteCabin'
import { useSaveCabin } from './useSaveCabin'

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

function actionsColumn({ onDuplicate, onEdit, onDelete }: CabinActions): DataTableColumn<Cabin> {
  return {
    key: 'actions',
    fit: { share: 1, minWidth: 32 },
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
  }
}

// Shares are the spec's column width ratios; minimum widths (px) keep "Fits up to 10 guests", prices
// and the "Discount" header on one line.
// Without actions (the front desk's view) the row menu is left out: all it holds is an admin's.
function columns(actions: CabinActions | null): DataTableColumn<Cabin>[] {
  const shown: DataTableColumn<Cabin>[] = [
    {
      key: 'image',
      fit: { share: 0.6, minWidth: 40 },
      className: styles.imageCell,
      render: (_, cabin) => <CabinThumbnail cabin={cabin} />,
    },
    {
      title: 'Cabin',
      key: 'name',
      fit: { share: 1.8, minWidth: 48 },
      render: (_, cabin) => <span className={styles.name}>{cabin.name}</span>,
    },
    {
      title: 'Capacity',
      key: 'capacity',
      fit: { share: 2.2, minWidth: 140 },
      render: (_, cabin) => `Fits up to ${plural(cabin.maxCapacity, 'guest')}`,
    },
    {
      title: 'Price',
      key: 'price',
      fit: { share: 1, minWidth: 76 },
      align: 'right',
      render: (_, cabin) => <span className={styles.price}>{formatCurrency(cabin.regularPrice)}</span>,
    },
    {
      title: 'Discount',
      key: 'discount',
      fit: { share: 1, minWidth: 76 },
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
  ]
  return actions ? [...shown, actionsColumn(actions)] : shown
}

export function CabinTable() {
  const cabinsQuery = useCabins()
  const cabins = cabinsQuery.data
  const [discount] = useOptionParam('discount', CABIN_DISCOUNT_FILTERS, DEFAULT_CABIN_DISCOUNT_FILTER)
  const [sortBy] = useOptionParam('sortBy', CABIN_SORT_OPTIONS, DEFAULT_CABIN_SORT)
  const { saveCabin } = useSaveCabin()
  const isAdmin = useIsAdmin()
  const { deleteCabin, isDeleting } = useDeleteCabin()
  const [cabinToEdit, setCabinToEdit] = useState<Cabin | null>(null)
  const [isEditing, setIsEditing] = useState(false)
  const [cabinToDelete, setCabinToDelete] = useState<Cabin | null>(null)

  const shownCabins = useMemo(
    () => (cabins ? filterAndSortCabins(cabins, discount, sortBy) : []),
    [cabins, discount, sortBy],
  )

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

  const tableColumns = columns(isAdmin ? actions : null)

  return (
    <>
      <QueryStates
        query={cabinsQuery}
        failedTitle="Cabins could not be loaded"
        loading={<TableSkeleton columns={tableColumns} label="Cabins" rows={8} />}
        empty={<Empty resourceName="cabins" />}
        isEmpty={(cabins) => !cabins.length}
      >
        {() => <DataTable<Cabin> aria-label="Cabins" columns={tableColumns} dataSource={shownCabins} />}
      </QueryStates>
      {cabinToEdit && (
        <CabinFormModal
          open={isEditing}
          // As the database has it now; the one clicked if it is gone meanwhile.
          cabin={cabins?.find(({ id }) => id === cabinToEdit.id) ?? cabinToEdit}
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

import { PlusOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useState } from 'react'
import { AdminOnly } from '../auth/AdminOnly'
import { Filter } from '../../ui/Filter'
import { PageHeading } from '../../ui/PageHeading'
import { SortBy } from '../../ui/SortBy'
import { CabinFormModal } from './CabinFormModal'
import {
  CABIN_DISCOUNT_FILTERS,
  CABIN_SORT_OPTIONS,
  DEFAULT_CABIN_DISCOUNT_FILTER,
  DEFAULT_CABIN_SORT,
} from './cabinList'
import styles from './CabinsPage.module.css'
import { CabinTable } from './CabinTable'

/** The database's refusal, said before the front desk tries. */
const CABINS_ARE_ADMINS = 'Only an admin can add, change or delete cabins'

export default function CabinsPage() {
  const [isAdding, setIsAdding] = useState(false)
  return (
    <>
      <PageHeading title="All cabins">
        <Filter
          param="discount"
          label="Filter cabins by discount"
          options={CABIN_DISCOUNT_FILTERS}
          defaultValue={DEFAULT_CABIN_DISCOUNT_FILTER}
        />
        <SortBy options={CABIN_SORT_OPTIONS} defaultValue={DEFAULT_CABIN_SORT} />
      </PageHeading>
      <CabinTable />
      <div className={styles.actions}>
        <AdminOnly reason={CABINS_ARE_ADMINS}>
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => setIsAdding(true)}>
            Add new cabin
          </Button>
        </AdminOnly>
      </div>
      <CabinFormModal open={isAdding} onClose={() => setIsAdding(false)} />
    </>
  )
}

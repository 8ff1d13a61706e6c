import { PlusOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useState } from 'react'
import { PageHeading } from '../../ui/PageHeading'
import { SearchBox } from '../../ui/SearchBox'
import { SortBy } from '../../ui/SortBy'
import { DEFAULT_GUEST_SORT, GUEST_SORT_OPTIONS } from './guestList'
import { GuestTable } from './GuestTable'
import { NewGuestModal } from './NewGuestModal'

export default function GuestsPage() {
  const [isAdding, setIsAdding] = useState(false)
  return (
    <>
      <PageHeading
        title="All guests"
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsAdding(true)}>
            New guest
          </Button>
        }
      >
        <SearchBox label="Search guests" placeholder="Name, email or national ID" />
        <SortBy options={GUEST_SORT_OPTIONS} defaultValue={DEFAULT_GUEST_SORT} />
      </PageHeading>
      <GuestTable />
      <NewGuestModal open={isAdding} onClose={() => setIsAdding(false)} />
    </>
  )
}

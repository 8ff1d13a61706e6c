import { PlusOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useState } from 'react'
import { ExportCsvButton } from '../../ui/ExportCsvButton'
import { PageHeading } from '../../ui/PageHeading'
import { SearchBox } from '../../ui/SearchBox'
import { SortBy } from '../../ui/SortBy'
import { DEFAULT_GUEST_SORT, GUEST_SORT_OPTIONS } from './guestList'
import { useGuestsCsv } from './guestsCsv'
import { GuestTable } from './GuestTable'
import { NewGuestModal } from './NewGuestModal'

export default function GuestsPage() {
  const [isAdding, setIsAdding] = useState(false)
  const prepareExport = useGuestsCsv()
  return (
    <>
      <PageHeading
        title="All guests"
        actions={
          <>
            <ExportCsvButton prepare={prepareExport} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsAdding(true)}>
              New guest
            </Button>
          </>
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

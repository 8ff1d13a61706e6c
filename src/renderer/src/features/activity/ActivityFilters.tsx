import { DatePicker, Select } from 'antd'
import dayjs from 'dayjs'
import { KIND_OPTIONS, type KindFilter } from './activityFilters'
import styles from './ActivityPage.module.css'
import { useActivityFilters, useStaffMembers } from './useActivity'

const EVERYONE = ''

/** Person, kind of record and days, each kept in the URL; changing one goes back to page 1. */
export function ActivityFilters() {
  const { person, setPerson, kind, setKind, from, to, setRange } = useActivityFilters()
  const staff = useStaffMembers()
  return (
    <div className={styles.filters}>
      <Select<string>
        aria-label="Person"
        className={styles.person}
        value={person}
        onChange={setPerson}
        loading={staff.isLoading}
        showSearch={{ optionFilterProp: 'label' }}
        popupMatchSelectWidth={false}
        options={[
          { value: EVERYONE, label: 'Everyone' },
          ...(staff.data ?? []).map((member) => ({ value: member.userId, label: member.name })),
        ]}
      />
      <Select<KindFilter>
        aria-label="Kind of record"
        className={styles.kind}
        value={kind}
        onChange={setKind}
        options={KIND_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
      />
      <DatePicker.RangePicker
        aria-label="Dates"
        placeholder={['From', 'To']}
        format="MMM DD YYYY"
        allowEmpty={[true, true]}
        value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
        onChange={(range) =>
          setRange(range?.[0]?.format('YYYY-MM-DD') ?? '', range?.[1]?.format('YYYY-MM-DD') ?? '')
        }
      />
    </div>
  )
}

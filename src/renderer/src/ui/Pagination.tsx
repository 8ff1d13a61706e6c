import { LeftOutlined, RightOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { BOOKINGS_PAGE_SIZE, pageCount, showingResultsText } from '@shared/domain/bookings'
import styles from './Pagination.module.css'
import { usePageParam } from './searchParams'

interface PaginationProps {
  count: number
  pageSize?: number
}

/** "Showing X to Y of Z results" with Previous and Next; nothing at all for a single page. */
export function Pagination({ count, pageSize = BOOKINGS_PAGE_SIZE }: PaginationProps) {
  const [page, setPage] = usePageParam()
  const lastPage = pageCount(count, pageSize)
  if (lastPage <= 1) return null

  const current = Math.min(page, lastPage)
  return (
    <nav className={styles.pagination} aria-label="Pagination">
      <p className={styles.summary}>{showingResultsText(current, count, pageSize)}</p>
      <div className={styles.buttons}>
        <Button
          icon={<LeftOutlined />}
          disabled={current <= 1}
          onClick={() => setPage(Math.max(1, current - 1))}
        >
          Previous
        </Button>
        <Button
          icon={<RightOutlined />}
          iconPlacement="end"
          disabled={current >= lastPage}
          onClick={() => setPage(Math.min(lastPage, current + 1))}
        >
          Next
        </Button>
      </div>
    </nav>
  )
}

import { LeftOutlined, RightOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { BOOKINGS_PAGE_SIZE, pageCount, showingResultsText } from '@shared/domain/bookings'
import styles from './Pagination.module.css'
import { usePageParam } from './searchParams'

interface PaginationProps {
  count: number
  pageSize?: number
}

/**
 * The page numbers to offer: the first, the last and the current one with its neighbours; a gap
 * stands for the pages between, unless it would stand for a single page (then that page is shown).
 */
export function pageNumbers(current: number, lastPage: number): (number | 'gap')[] {
  const shown = [1, current - 1, current, current + 1, lastPage].filter(
    (page, index, pages) => page >= 1 && page <= lastPage && pages.indexOf(page) === index,
  )
  shown.sort((a, b) => a - b)
  return shown.flatMap((page, index) => {
    const previous = shown[index - 1]
    if (previous === undefined || page === previous + 1) return [page]
    return page === previous + 2 ? [previous + 1, page] : ['gap' as const, page]
  })
}

/**
 * "Showing X to Y of Z results" with Previous, the page numbers to jump to, and Next; nothing at all
 * for a single page.
 */
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
        <ol className={styles.pages}>
          {pageNumbers(current, lastPage).map((number, index) =>
            number === 'gap' ? (
              <li key={`gap-${index}`} className={styles.gap} aria-hidden>
                …
              </li>
            ) : (
              <li key={number}>
                <Button
                  type={number === current ? 'primary' : 'text'}
                  aria-label={`Page ${number}`}
                  aria-current={number === current ? 'page' : undefined}
                  onClick={() => setPage(number)}
                >
                  {number}
                </Button>
              </li>
            ),
          )}
        </ol>
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

interface StepPaginationProps {
  /** Whether a page follows the current one. */
  hasNext: boolean
  pageSize?: number
  /** How many rows the current page shows. */
  shown: number
}

/**
 * Paging for a list too long to count (the activity log): "Showing X to Y", Previous and Next,
 * nothing at all for a single page.
 */
export function StepPagination({ hasNext, pageSize = BOOKINGS_PAGE_SIZE, shown }: StepPaginationProps) {
  const [page, setPage] = usePageParam()
  if (page <= 1 && !hasNext) return null

  const first = (page - 1) * pageSize + 1
  return (
    <nav className={styles.pagination} aria-label="Pagination">
      <p className={styles.summary}>{`Showing ${first} to ${first + shown - 1}`}</p>
      <div className={styles.buttons}>
        <Button icon={<LeftOutlined />} disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Button
          icon={<RightOutlined />}
          iconPlacement="end"
          disabled={!hasNext}
          onClick={() => setPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  )
}

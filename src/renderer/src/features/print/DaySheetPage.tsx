import { formatStayDate } from '@shared/domain/format'
import { QueryStates } from '../../ui/QueryStates'
import { DetailSkeleton } from '../../ui/Skeletons'
import { VisuallyHidden } from '../../ui/VisuallyHidden'
import { isEmptySheet, type SheetLine } from './daySheet'
import { Letterhead } from './Letterhead'
import { PrintToolbar } from './PrintToolbar'
import styles from './Print.module.css'
import { useDaySheet } from './useDaySheet'

/** Today on one A4 sheet for the desk: departures, arrivals and who sleeps here tonight, with boxes to tick. */
export default function DaySheetPage() {
  const { day, query } = useDaySheet()
  return (
    <>
      <PrintToolbar backTo="/dashboard" fileName={`Today ${day}`} ready={query.data !== undefined} />
      <article className={styles.sheet}>
        <Letterhead title="Arrivals and departures">{formatStayDate(day)}</Letterhead>
        <QueryStates
          query={query}
          failedTitle="Today's sheet could not be loaded"
          loading={<DetailSkeleton label="Today's sheet" />}
          isEmpty={isEmptySheet}
          empty={<p className={styles.nothing}>No arrivals, departures or guests in house today.</p>}
        >
          {(sheet) => (
            <>
              <SheetSection title="Departures" lines={sheet.departures} none="No departures today." />
              <SheetSection title="Arrivals" lines={sheet.arrivals} none="No arrivals today." />
              <SheetSection
                title="In house tonight"
                lines={sheet.inHouse}
                none="No guests in house tonight."
              />
            </>
          )}
        </QueryStates>
      </article>
    </>
  )
}

function SheetSection({ title, lines, none }: { title: string; lines: SheetLine[]; none: string }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.sectionTitle}>
        {title} <span className={styles.count}>({lines.length})</span>
      </h2>
      {lines.length === 0 ? (
        <p className={styles.nothing}>{none}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col" className={styles.tick}>
                <span aria-hidden>✓</span>
                <VisuallyHidden as="span">Done</VisuallyHidden>
              </th>
              <th scope="col" className={styles.cabin}>
                Cabin
              </th>
              <th scope="col" className={styles.guestColumn}>
                Guest
              </th>
              <th scope="col" className={`${styles.narrow} ${styles.number}`}>
                Nights
              </th>
              <th scope="col" className={`${styles.narrow} ${styles.number}`}>
                Guests
              </th>
              <th scope="col" className={styles.flag}>
                Breakfast
              </th>
              <th scope="col" className={styles.narrow}>
                Paid
              </th>
              <th scope="col" className={styles.observations}>
                Observations
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id}>
                <td className={styles.tick}>
                  {/* A box to tick by hand; ticked already for a guest who has arrived or left. */}
                  <span className={styles.box}>{line.isDone ? '✓' : ''}</span>
                  <VisuallyHidden as="span">{line.isDone ? 'Done' : 'Not done'}</VisuallyHidden>
                </td>
                <td>{line.cabinName}</td>
                <td className={styles.guest}>{line.guestName}</td>
                <td className={styles.number}>{line.numNights}</td>
                <td className={styles.number}>{line.numGuests}</td>
                <td>{line.hasBreakfast ? 'Yes' : 'No'}</td>
                <td>{line.isPaid ? 'Paid' : 'Unpaid'}</td>
                <td className={styles.observations}>{line.observations}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

import { Alert, Button, Radio, Skeleton } from 'antd'
import type { UseQueryResult } from '@tanstack/react-query'
import { formatShortStayDate, nightsLabel } from '@shared/domain/bookings'
import { formatCurrency, plural } from '@shared/domain/format'
import { LoadFailed } from '../../../ui/LoadFailed'
import styles from './BookingForm.module.css'
import type { FreeCabin, StayQuery, StaySuggestion } from './service'

interface CabinChoiceProps {
  /** The stay asked about; undefined while its dates or guests are not yet valid. */
  stay: StayQuery | undefined
  freeCabins: UseQueryResult<FreeCabin[]>
  suggestions: UseQueryResult<StaySuggestion[]>
  /** Form.Item gives the chosen cabin's id and its change handler. */
  value?: number
  onChange?: (cabinId: number) => void
  onPickSuggestion: (suggestion: StaySuggestion) => void
  id?: string
}

/**
 * The cabins free for every night of the stay, each with its capacity, price per night after the
 * discount and its price for the whole stay. One taken for a night is never offered; when none is
 * free, the nearest stays of the same length that have one are offered instead, as buttons.
 */
export function CabinChoice({
  stay,
  freeCabins,
  suggestions,
  value,
  onChange,
  onPickSuggestion,
  id,
}: CabinChoiceProps) {
  if (!stay)
    return <p className={styles.hint}>Choose the dates and the number of guests to see the free cabins.</p>
  if (freeCabins.isPending)
    return (
      <div aria-busy role="status" aria-label="Looking for free cabins">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    )
  if (freeCabins.isError)
    return (
      <LoadFailed
        inline
        title="Free cabins could not be loaded"
        error={freeCabins.error}
        onRetry={() => void freeCabins.refetch()}
        isRetrying={freeCabins.isFetching}
      />
    )

  const cabins = freeCabins.data
  if (cabins.length === 0)
    return <NoFreeCabin stay={stay} suggestions={suggestions} onPick={onPickSuggestion} />

  return (
    <Radio.Group
      id={id}
      className={styles.cabins}
      value={value}
      onChange={(event) => onChange?.(event.target.value as number)}
      aria-label="Free cabins"
    >
      {cabins.map((cabin) => (
        <Radio key={cabin.id} value={cabin.id} className={styles.cabin}>
          <span className={styles.cabinName}>Cabin {cabin.name}</span>
          <span className={styles.cabinCapacity}>Fits up to {plural(cabin.maxCapacity, 'guest')}</span>
          <span className={styles.cabinNight}>
            {formatCurrency(cabin.pricePerNight)} / night
            {cabin.discount > 0 && (
              <span className={styles.regularPrice}> (regular {formatCurrency(cabin.regularPrice)})</span>
            )}
          </span>
          <span className={styles.cabinStay}>
            {formatCurrency(cabin.cabinPrice)} for {nightsLabel(cabin.numNights)}
          </span>
        </Radio>
      ))}
    </Radio.Group>
  )
}

function NoFreeCabin({
  stay,
  suggestions,
  onPick,
}: {
  stay: StayQuery
  suggestions: UseQueryResult<StaySuggestion[]>
  onPick: (suggestion: StaySuggestion) => void
}) {
  const stayText = `${formatShortStayDate(stay.startDate)} to ${formatShortStayDate(stay.endDate)}`
  return (
    <Alert
      type="warning"
      showIcon
      title={`No cabin for ${plural(stay.numGuests, 'guest')} is free for every night from ${stayText}.`}
      description={
        suggestions.isPending ? (
          'Looking for the nearest dates that are free…'
        ) : suggestions.isError ? (
          'The nearest free dates could not be loaded.'
        ) : suggestions.data.length === 0 ? (
          'No stay of the same length is free within four weeks either side: try fewer nights or guests.'
        ) : (
          <div className={styles.suggestions}>
            <span>These stays of the same length are free:</span>
            {suggestions.data.map((suggestion) => (
              <Button key={suggestion.startDate} onClick={() => onPick(suggestion)}>
                {formatShortStayDate(suggestion.startDate)} – {formatShortStayDate(suggestion.endDate)} (
                {plural(suggestion.freeCabins, 'cabin')})
              </Button>
            ))}
          </div>
        )
      }
    />
  )
}

import { addDays } from '@shared/domain/format'
import { supabase } from './appClient'
import type { DeskDay } from './appFigures'
import { LARGE } from './largeProperty'
import { summarize, timeCalls, warmUp, WARM_UP_MS, type Latency } from './stats'

/** The reservations desk of issue 16 at the large property, timed as the app calls it. */
export interface ReservationFigures {
  /** free_cabins for 7-night stays, arrivals spread over the booked weeks and beyond. */
  freeCabins: Latency
  /** stay_suggestions for the same stays, as the form asks when no cabin is free (most are full). */
  staySuggestions: Latency
  /** search_guests as the guest picker sends it, over name fragments of every selectivity. */
  guestSearch: Latency
  /** guest_directory and count_guests sent at once, every sort, a few pages, with and without a search. */
  guestsList: Latency
  /** create_booking of distinct stays that cannot conflict, half for a new guest. */
  createBooking: Latency
  /** How many guests the fragments matched (min–max), so the search figure says what it searched. */
  searchMatches: { fewest: number; most: number }
}

/**
 * Fragments a desk types: a first name or surname held by 10-12 % of the 100 000 guests, part names,
 * accented, mixed case, a first name with a surname (~1 500 guests), a surname with the start of a
 * number, and one guest's whole name.
 */
const NAME_FRAGMENTS = [
  'anna',
  'Fisch',
  'garcía',
  'hugo costa',
  'ines dub',
  'Eriksen 4',
  'chlo',
  'Farid Dubois 12345',
]
const GUEST_SORTS = ['fullName-asc', 'fullName-desc', 'created_at-desc'] as const
const GUESTS_PAGE_SIZE = 10
/** The large property's stays end about two months after today: arrivals from the first week to past them. */
const STAY_OFFSETS = [1, 8, 15, 22, 29, 36, 43, 50, 57, 64, 71, 90]
const STAY_NIGHTS = 7
/** Created stays lie this far ahead, where the large property has none and no other figure looks. */
const CREATE_FROM_DAYS = 400

/**
 * Times the desk's calls. Bookings are created last, so every other figure (this module's and the
 * app's, measured before it) reads the property as it was built.
 */
export async function measureReservations(desk: DeskDay, runs: number): Promise<ReservationFigures> {
  const stays = STAY_OFFSETS.map((days) => {
    const start = addDays(desk.today, days)
    return { start, end: addDays(start, STAY_NIGHTS), guests: 1 + (days % 4) }
  })
  const lists = GUEST_SORTS.flatMap((sort) =>
    [0, 2].flatMap((page) => ['', 'fischer'].map((search) => ({ sort, page, search }))),
  )
  await warmUp(async () => {
    for (const stay of stays) await freeCabins(stay)
    for (const stay of stays) await staySuggestions(stay, desk.today)
    for (const fragment of NAME_FRAGMENTS) await searchGuests(fragment)
    for (const list of lists) await guestsList(list)
  }, WARM_UP_MS)

  const freeCabinsFigure = summarize(
    await timeCalls((i) => freeCabins(stays[i % stays.length]), { warmup: 0, runs }),
  )
  const staySuggestionsFigure = summarize(
    await timeCalls((i) => staySuggestions(stays[i % stays.length], desk.today), { warmup: 0, runs }),
  )
  const matches = await Promise.all(NAME_FRAGMENTS.map(countMatches))
  const guestSearch = summarize(
    await timeCalls((i) => searchGuests(NAME_FRAGMENTS[i % NAME_FRAGMENTS.length]), { warmup: 0, runs }),
  )
  // Rounds over every combination, so a slow moment of the machine does not fall on one of them only.
  const listRuns = Math.max(runs, lists.length * 3)
  const guestsListFigure = summarize(
    await timeCalls((i) => guestsList(lists[i % lists.length]), { warmup: 0, runs: listRuns }),
  )
  const createBookingFigure = summarize(await timeCreates(desk, runs))
  return {
    freeCabins: freeCabinsFigure,
    staySuggestions: staySuggestionsFigure,
    guestSearch,
    guestsList: guestsListFigure,
    createBooking: createBookingFigure,
    searchMatches: { fewest: Math.min(...matches), most: Math.max(...matches) },
  }
}

/**
 * create_booking as measured above, of stays `fromDays` ahead: a second series (the audit triggers
 * off) needs nights the first one left free.
 */
export async function measureCreates(desk: DeskDay, runs: number, fromDays: number): Promise<Latency> {
  return summarize(await timeCreates(desk, runs, fromDays))
}

interface Stay {
  start: string
  end: string
  guests: number
}

async function freeCabins({ start, end, guests }: Stay) {
  const { data, error } = await supabase().rpc('free_cabins', {
    p_start_date: start,
    p_end_date: end,
    p_num_guests: guests,
  })
  if (error) throw new Error(`free_cabins failed: ${error.message}`)
  return data
}

async function staySuggestions({ start, end, guests }: Stay, today: string) {
  const { data, error } = await supabase().rpc('stay_suggestions', {
    p_start_date: start,
    p_end_date: end,
    p_num_guests: guests,
    p_today: today,
  })
  if (error) throw new Error(`stay_suggestions failed: ${error.message}`)
  return data
}

async function searchGuests(fragment: string) {
  const { data, error } = await supabase().rpc('search_guests', { p_query: fragment })
  if (error) throw new Error(`search_guests failed: ${error.message}`)
  if (data.length === 0) throw new Error(`search_guests found no guest for "${fragment}"`)
  return data
}

async function countMatches(fragment: string): Promise<number> {
  const { data, error } = await supabase().rpc('count_guests', { p_search: fragment })
  if (error) throw new Error(`count_guests failed: ${error.message}`)
  return Number(data)
}

/** One page of the Guests screen: the page and its count, sent at once. */
async function guestsList({ sort, page, search }: { sort: string; page: number; search: string }) {
  const [rows, count] = await Promise.all([
    supabase().rpc('guest_directory', {
      p_search: search,
      p_sort: sort,
      p_offset: page * GUESTS_PAGE_SIZE,
      p_limit: GUESTS_PAGE_SIZE,
    }),
    supabase().rpc('count_guests', { p_search: search }),
  ])
  const error = rows.error ?? count.error
  if (error) throw new Error(`The guests list failed: ${error.message}`)
  if (!rows.data?.length) throw new Error(`The guests list (${sort}, ${search}) came back empty`)
}

/**
 * create_booking of stays that conflict with nothing: each on its own cabin, far ahead. The price the
 * form would have shown comes from quote_stay beforehand (not timed); every other booking is for a
 * new guest, entered in the same call, as a phone booking of a first-time guest is.
 */
async function timeCreates(desk: DeskDay, runs: number, fromDays = CREATE_FROM_DAYS): Promise<number[]> {
  const warmup = 3
  if (warmup + runs > LARGE.cabins) throw new Error('More bookings to create than cabins to put them in')
  const start = addDays(desk.today, fromDays)
  const end = addDays(start, 3)
  const calls = Array.from({ length: warmup + runs }, (_, i) => ({
    cabinId: i + 1,
    guests: 1 + (i % 2),
    breakfast: i % 3 === 0,
    newGuest: i % 2 === 1,
  }))
  const quotes = await Promise.all(
    calls.map(async ({ cabinId, guests, breakfast }) => {
      const { data, error } = await supabase().rpc('quote_stay', {
        p_cabin_id: cabinId,
        p_start_date: start,
        p_end_date: end,
        p_num_guests: guests,
        p_has_breakfast: breakfast,
      })
      if (error || !data[0]) throw new Error(`quote_stay failed: ${error?.message ?? 'no row'}`)
      return data[0].totalPrice
    }),
  )
  // timeCalls numbers the warm-up calls and the timed ones from 0 each: a counter keeps stays distinct.
  let next = 0
  return timeCalls(
    async () => {
      const i = next++
      const call = calls[i]
      const { data, error } = await supabase().rpc('create_booking', {
        p_cabin_id: call.cabinId,
        p_start_date: start,
        p_end_date: end,
        p_num_guests: call.guests,
        p_has_breakfast: call.breakfast,
        p_is_paid: false,
        p_observations: 'Booked by phone (bench)',
        p_expected_total_price: quotes[i],
        p_today: desk.today,
        ...(call.newGuest
          ? {
              p_new_guest: {
                fullName: `Bench Guest ${i}`,
                email: `bench-guest-${i}@example.com`,
                nationality: 'Portugal',
                countryFlag: 'https://flagcdn.com/pt.svg',
                nationalID: `BENCH${i}`,
              },
            }
          : { p_guest_id: 1 + ((i * 7919) % LARGE.guests) }),
      })
      if (error || typeof data !== 'number') throw new Error(`create_booking failed: ${error?.message}`)
    },
    // The first calls of a function fill its plan cache; they create bookings as well (on their own cabins).
    { warmup, runs },
  )
}

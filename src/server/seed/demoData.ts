import { addDays, daysBetween } from '@shared/domain/format'
import { seededRandom, type Random } from './random'

/** The four settings of a new demo business. */
export const DEMO_SETTINGS = {
  minBookingLength: 3,
  maxBookingLength: 90,
  maxGuestsPerBooking: 8,
  breakfastPrice: 15,
}

export interface DemoCabin {
  name: string
  maxCapacity: number
  regularPrice: number
  discount: number
  description: string
  /** File in resources/demo/cabins, stored in the cabin-images bucket under the same name. */
  image: string
}

export const DEMO_CABINS: DemoCabin[] = [
  {
    name: '001',
    maxCapacity: 2,
    regularPrice: 250,
    discount: 0,
    description: 'A snug log cabin for two at the edge of the meadow, with a wood stove and morning sun.',
  },
  {
    name: '002',
    maxCapacity: 2,
    regularPrice: 350,
    discount: 25,
    description: 'Watch the sun go down behind the ridge from the porch of this quiet cabin for two.',
  },
  {
    name: '003',
    maxCapacity: 4,
    regularPrice: 300,
    discount: 0,
    description: 'Far from any street light: a cabin for four under the clearest night sky of the valley.',
  },
  {
    name: '004',
    maxCapacity: 4,
    regularPrice: 500,
    discount: 50,
    description: 'Our winter favourite for four, with a fireplace, heated floors and skis at the door.',
  },
  {
    name: '005',
    maxCapacity: 6,
    regularPrice: 350,
    discount: 0,
    description: 'Among maples and oaks, a family cabin for six that glows red and gold every autumn.',
  },
  {
    name: '006',
    maxCapacity: 6,
    regularPrice: 800,
    discount: 100,
    description: 'A lakeside cabin for six with its own jetty, canoe and a hot tub facing the peaks.',
  },
  {
    name: '007',
    maxCapacity: 8,
    regularPrice: 600,
    discount: 0,
    description: 'Wake up above the morning mist in a spacious cabin for eight on the hillside.',
  },
  {
    name: '008',
    maxCapacity: 10,
    regularPrice: 1000,
    discount: 0,
    description: 'The largest cabin, for groups of up to ten, high in the alpine meadows.',
  },
].map((cabin) => ({ ...cabin, image: `cabin-${cabin.name}.png` }))

export interface DemoGuest {
  fullName: string
  email: string
  nationality: string
  nationalID: string
  countryFlag: string
}

const GUESTS: [fullName: string, nationality: string, iso2: string][] = [
  ['Jonas Schmidt', 'Germany', 'de'],
  ['Maria Gomez', 'Mexico', 'mx'],
  ['Emma Wilson', 'United Kingdom', 'gb'],
  ['Lucas Martin', 'France', 'fr'],
  ['Sofia Rossi', 'Italy', 'it'],
  ['Daniel García', 'Spain', 'es'],
  ['Ana Costa', 'Portugal', 'pt'],
  ['Liam Murphy', 'Ireland', 'ie'],
  ['Sanne de Vries', 'Netherlands', 'nl'],
  ['Elsa Lindqvist', 'Sweden', 'se'],
  ['Ole Hansen', 'Norway', 'no'],
  ['Freja Jensen', 'Denmark', 'dk'],
  ['Aino Virtanen', 'Finland', 'fi'],
  ['Jakub Nowak', 'Poland', 'pl'],
  ['Lena Gruber', 'Austria', 'at'],
  ['Noah Meier', 'Switzerland', 'ch'],
  ['Eleni Papadopoulou', 'Greece', 'gr'],
  ['Emre Yılmaz', 'Turkey', 'tr'],
  ['Olivia Brown', 'United States', 'us'],
  ['Ethan Tremblay', 'Canada', 'ca'],
  ['Lucas Oliveira', 'Brazil', 'br'],
  ['Valentina López', 'Argentina', 'ar'],
  ['Yuki Tanaka', 'Japan', 'jp'],
  ['Min-jun Kim', 'South Korea', 'kr'],
  ['Wei Chen', 'China', 'cn'],
  ['Priya Sharma', 'India', 'in'],
  ['Charlotte Smith', 'Australia', 'au'],
  ['Aroha Ngata', 'New Zealand', 'nz'],
  ['Thabo Nkosi', 'South Africa', 'za'],
  ['Louise Peeters', 'Belgium', 'be'],
]

/** Flag codes of the demo guests; the renderer bundles these flags so the demo works offline. */
export const DEMO_FLAG_CODES: readonly string[] = GUESTS.map(([, , iso2]) => iso2)

export const DEMO_GUESTS: DemoGuest[] = GUESTS.map(([fullName, nationality, iso2], index) => ({
  fullName,
  email: `${fullName
    .normalize('NFD')
    .replace(/[^A-Za-z ]/g, '')
    .toLowerCase()
    .split(' ')
    .join('.')}@example.com`,
  nationality,
  nationalID: String(1000000000 + (((index + 1) * 7919 * 104729) % 9000000000)),
  countryFlag: `https://flagcdn.com/${iso2}.svg`,
}))

export type DemoStatus = 'unconfirmed' | 'checked-in' | 'checked-out' | 'cancelled'

export interface DemoBooking {
  cabinIndex: number
  guestIndex: number
  startDate: string
  endDate: string
  numNights: number
  numGuests: number
  cabinPrice: number
  extrasPrice: number
  totalPrice: number
  status: DemoStatus
  hasBreakfast: boolean
  isPaid: boolean
  observations: string | null
  /** ISO timestamp: DEMO_LEAD_DAYS before the stay, and before the desk's today. */
  createdAt: string
}

const OBSERVATIONS = [
  'Arriving late in the evening, around 10pm.',
  'We are celebrating our anniversary.',
  'Travelling with a small dog.',
  'Gluten-free breakfast, please.',
  'Could we have an extra blanket?',
  'First time in the mountains!',
]

/** The status the desk would have given a stay by today, unless it was called off. */
export function statusOn(today: string, startDate: string, endDate: string): DemoStatus {
  if (endDate < today) return 'checked-out'
  if (startDate < today) return 'checked-in'
  return 'unconfirmed'
}

interface Stay {
  startDate: string
  endDate: string
}

/**
 * Stays per cabin from 90 days ago to 30 days ahead, never overlapping. Each cabin is built around
 * one anchor stay so that the demo always shows activity today: cabins 001 and 002 have guests
 * arriving today, 003 and 004 guests leaving today, 005 and 006 guests in the middle of their stay.
 */
function cabinStays(today: string, cabinIndex: number, rnd: Random): Stay[] {
  const first = addDays(today, -90)
  const last = addDays(today, 30)
  const nights = rnd.int(DEMO_SETTINGS.minBookingLength, 7)
  const anchorStart =
    [today, today, addDays(today, -nights), addDays(today, -nights), addDays(today, -2), addDays(today, -1)][
      cabinIndex
    ] ?? addDays(today, rnd.int(1, 5))
  const stays: Stay[] = [{ startDate: anchorStart, endDate: addDays(anchorStart, nights) }]

  for (;;) {
    const endDate = addDays(stays[0].startDate, -rnd.int(0, 4))
    const startDate = addDays(endDate, -rnd.int(DEMO_SETTINGS.minBookingLength, 10))
    if (startDate < first) break
    stays.unshift({ startDate, endDate })
  }
  for (;;) {
    const startDate = addDays(stays[stays.length - 1].endDate, rnd.int(1, 6))
    const endDate = addDays(startDate, rnd.int(DEMO_SETTINGS.minBookingLength, 8))
    if (endDate > last) break
    stays.push({ startDate, endDate })
  }
  return stays
}

/** How long before arrival a demo stay was booked, in days: at least a few, at most two months. */
export const DEMO_LEAD_DAYS = { min: 3, max: 60 }

/**
 * The day a stay was booked. Most stays are booked a few weeks ahead, fewer two months ahead: lead
 * times fall off linearly from DEMO_LEAD_DAYS.min to .max (about three weeks on average). A stay of
 * the coming weeks was booked before today (the seed does not know the time of day, so a booking made
 * today might lie in the future), so its lead time is at least the days until it starts.
 */
function bookingDay(today: string, startDate: string, rnd: Random): string {
  const { min, max } = DEMO_LEAD_DAYS
  const shortest = Math.max(min, daysBetween(today, startDate) + 1)
  // The share of stays booked at most `lead` days ahead, and its inverse.
  const share = (lead: number) => 1 - (1 - (lead - min) / (max - min)) ** 2
  const leadAt = (p: number) => min + (1 - Math.sqrt(1 - p)) * (max - min)
  const lead = Math.round(leadAt(share(shortest) + rnd() * (1 - share(shortest))))
  return addDays(startDate, -Math.max(shortest, lead))
}

/**
 * An ISO timestamp for a time of day at the desk: the seed runs beside the desk (the desktop app, or
 * the web server and its browser), whose dashboard counts a booking on its local calendar day.
 */
function deskTime(date: string, hours: number, minutes: number): string {
  return new Date(
    `${date}T${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:00`,
  ).toISOString()
}

/** A stay of a cabin for a number of guests, priced as the rules of the database require. */
function pricedStay(cabinIndex: number, startDate: string, endDate: string, rnd: Random) {
  const cabin = DEMO_CABINS[cabinIndex]
  const numNights = daysBetween(startDate, endDate)
  const numGuests = rnd.int(1, Math.min(cabin.maxCapacity, DEMO_SETTINGS.maxGuestsPerBooking))
  const hasBreakfast = rnd() < 0.4
  const cabinPrice = numNights * (cabin.regularPrice - cabin.discount)
  const extrasPrice = hasBreakfast ? DEMO_SETTINGS.breakfastPrice * numNights * numGuests : 0
  return {
    cabinIndex,
    startDate,
    endDate,
    numNights,
    numGuests,
    cabinPrice,
    extrasPrice,
    totalPrice: cabinPrice + extrasPrice,
    hasBreakfast,
  }
}

/**
 * Stays booked and then called off (issue 16), relative to the desk's today: they hold no nights (the
 * cabin was booked again since), count in no figure, and none was to arrive or leave today, so today's
 * arrivals and departures are the same as without them.
 */
const CANCELLED_STAYS = [
  { cabinIndex: 6, fromToday: 5, nights: 4 },
  { cabinIndex: 1, fromToday: 12, nights: 3 },
  { cabinIndex: 4, fromToday: -30, nights: 5 },
  { cabinIndex: 7, fromToday: -61, nights: 4 },
]

/** The demo's bookings for a given desk date. */
export function planDemoBookings(today: string): DemoBooking[] {
  const rnd = seededRandom(20261122)
  const bookings: DemoBooking[] = []
  DEMO_CABINS.forEach((_, cabinIndex) => {
    for (const { startDate, endDate } of cabinStays(today, cabinIndex, rnd)) {
      const stay = pricedStay(cabinIndex, startDate, endDate, rnd)
      const status = statusOn(today, startDate, endDate)
      const bookedOn = bookingDay(today, startDate, rnd)
      bookings.push({
        ...stay,
        guestIndex: rnd.int(0, DEMO_GUESTS.length - 1),
        status,
        isPaid: status !== 'unconfirmed' || rnd() < 0.5,
        observations: rnd() < 0.25 ? OBSERVATIONS[rnd.int(0, OBSERVATIONS.length - 1)] : null,
        createdAt: deskTime(bookedOn, rnd.int(8, 20), rnd.int(0, 59)),
      })
    }
  })
  // Their own random numbers: the stays above are the same as before there were cancellations.
  const cancelled = seededRandom(20261125)
  for (const { cabinIndex, fromToday, nights } of CANCELLED_STAYS) {
    const startDate = addDays(today, fromToday)
    const stay = pricedStay(cabinIndex, startDate, addDays(startDate, nights), cancelled)
    const bookedOn = bookingDay(today, startDate, cancelled)
    bookings.push({
      ...stay,
      guestIndex: cancelled.int(0, DEMO_GUESTS.length - 1),
      status: 'cancelled',
      isPaid: false,
      observations: 'Plans changed; cancelled by phone.',
      createdAt: deskTime(bookedOn, cancelled.int(8, 20), cancelled.int(0, 59)),
    })
  }
  return bookings
}

import { formatShortStayDate } from '@shared/domain/bookings'
import { formatCurrency } from '@shared/domain/format'
import type { ActivityEntry, FieldChange } from './types'

/** Who an entry's author was, as people say it; null when no one signed in did it (seed, scripts). */
export function authorName(entry: Pick<ActivityEntry, 'user_name' | 'user_email' | 'user_id'>): string {
  return entry.user_name?.trim() || entry.user_email || 'The system'
}

/** An entry worded for people: what happened, and where to see the record. */
export interface ActivityWording {
  /** "Ana Lima checked in booking #1042". */
  sentence: string
  /** The record's screen, or null when it has none left to show (a deleted booking or guest). */
  link: string | null
}

/** Names of staff members by user id, for entries about staff (their row id is a user id). */
export type StaffNames = ReadonlyMap<string, string>

type ValueKind = 'money' | 'date' | 'text' | 'plain' | 'hidden'

interface FieldWording {
  label: string
  kind: ValueKind
}

const field = (label: string, kind: ValueKind = 'plain'): FieldWording => ({ label, kind })

// The fields people recognise, in their words; anything else is worded from its column's name.
const FIELDS: Record<string, Record<string, FieldWording>> = {
  bookings: {
    startDate: field('arrival', 'date'),
    endDate: field('departure', 'date'),
    numNights: field('nights'),
    numGuests: field('guests'),
    cabinId: field('cabin'),
    guestId: field('guest'),
    cabinPrice: field('cabin price', 'money'),
    extrasPrice: field('extras price', 'money'),
    totalPrice: field('total price', 'money'),
    hasBreakfast: field('breakfast'),
    isPaid: field('paid'),
    status: field('status', 'text'),
    observations: field('observations', 'hidden'),
  },
  cabins: {
    name: field('name', 'text'),
    maxCapacity: field('capacity'),
    regularPrice: field('price', 'money'),
    discount: field('discount', 'money'),
    description: field('description', 'hidden'),
    image: field('picture', 'hidden'),
  },
  guests: {
    fullName: field('name', 'text'),
    email: field('email', 'text'),
    nationality: field('nationality', 'text'),
    nationalID: field('national ID', 'text'),
    countryFlag: field('flag', 'hidden'),
  },
  settings: {
    breakfastPrice: field('breakfast price', 'money'),
    minBookingLength: field('minimum nights per booking'),
    maxBookingLength: field('maximum nights per booking'),
    maxGuestsPerBooking: field('maximum guests per booking'),
    businessName: field('business name', 'text'),
  },
  staff: { role: field('role', 'text') },
}

// Bookkeeping columns that say nothing to people.
const UNSPOKEN = new Set(['id', 'created_at', 'user_id'])

/** "regularPrice" or "max_capacity" → "regular price", "max capacity". */
function wordsOf(column: string): string {
  return column
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
}

function fieldWording(table: string, column: string): FieldWording {
  return FIELDS[table]?.[column] ?? { label: wordsOf(column), kind: 'plain' }
}

function formatValue(value: unknown, kind: ValueKind): string {
  if (value === null || value === undefined || value === '') return 'nothing'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (kind === 'money' && typeof value === 'number') return formatCurrency(value)
  if (kind === 'date' && typeof value === 'string') return formatShortStayDate(value)
  if (kind === 'text') return `“${String(value)}”`
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** "the total price from $300.00 to $345.00", or "the description" for what is too long to quote. */
function changeClause(table: string, column: string, change: FieldChange): string {
  const { label, kind } = fieldWording(table, column)
  if (kind === 'hidden') return `the ${label}`
  return `the ${label} from ${formatValue(change.old, kind)} to ${formatValue(change.new, kind)}`
}

function joinClauses(clauses: string[]): string {
  if (clauses.length <= 1) return clauses.join('')
  return `${clauses.slice(0, -1).join(', ')} and ${clauses[clauses.length - 1]}`
}

function spokenChanges(entry: ActivityEntry, skip: readonly string[] = []): string[] {
  return Object.entries(entry.changes)
    .filter(([column]) => !UNSPOKEN.has(column) && !skip.includes(column))
    .map(([column, change]) => changeClause(entry.table_name, column, change))
}

/** "changed booking #7's paid from no to yes", or "changed booking #7" when nothing is left to say. */
function changedSentence(subject: string, entry: ActivityEntry, skip: readonly string[] = []): string {
  const clauses = spokenChanges(entry, skip)
  if (clauses.length === 0) return `changed ${subject}`
  return `changed ${subject}: ${joinClauses(clauses)}`
}

const stayRange = (start: unknown, end: unknown) =>
  typeof start === 'string' && typeof end === 'string'
    ? ` to ${formatShortStayDate(start)} – ${formatShortStayDate(end)}`
    : ''

const STATUS_VERBS: Record<string, string> = {
  'checked-in': 'checked in',
  'checked-out': 'checked out',
  cancelled: 'cancelled',
}

function describeBooking(entry: ActivityEntry): string {
  const booking = `booking #${entry.row_id}`
  if (entry.action === 'insert') return `created ${booking}`
  if (entry.action === 'delete') return `deleted ${booking}`
  const { status, startDate, endDate, cabinId } = entry.changes
  const statusVerb = typeof status?.new === 'string' ? STATUS_VERBS[status.new] : undefined
  // Checking in also records what was paid and added at the desk: the event is the check-in.
  if (statusVerb) return `${statusVerb} ${booking}`
  if (startDate || endDate || cabinId) {
    const moved = `moved ${booking}${stayRange(startDate?.new, endDate?.new)}`
    const rest = spokenChanges(entry, [
      'startDate',
      'endDate',
      'cabinId',
      'numNights',
      'cabinPrice',
      'totalPrice',
    ])
    return rest.length ? `${moved}, and changed ${joinClauses(rest)}` : moved
  }
  return changedSentence(booking, entry)
}

/** A record's name from its fields when the entry holds it ("cabin 003"), else its number. */
function named(noun: string, entry: ActivityEntry, nameField: string): string {
  const change = entry.changes[nameField]
  const name = change?.new ?? change?.old
  return typeof name === 'string' && name ? `${noun} ${name}` : `${noun} #${entry.row_id}`
}

function describeRecord(entry: ActivityEntry, noun: string, nameField: string): string {
  const subject = named(noun, entry, nameField)
  if (entry.action === 'insert') return `added ${subject}`
  if (entry.action === 'delete') return `deleted ${subject}`
  return changedSentence(`${noun} #${entry.row_id}`, entry)
}

function describeSettings(entry: ActivityEntry): string {
  const clauses = spokenChanges(entry)
  if (entry.action !== 'update' || clauses.length === 0) return 'changed the settings'
  return `changed ${joinClauses(clauses)}`
}

function describeStaff(entry: ActivityEntry, staffNames: StaffNames): string {
  const person = staffNames.get(entry.row_id) ?? 'a staff member'
  const role = entry.changes.role
  if (entry.action === 'set password') return `set a new password for ${person}`
  if (entry.action === 'insert')
    return `gave ${person} staff access${typeof role?.new === 'string' ? ` as ${role.new}` : ''}`
  if (entry.action === 'delete') return `removed ${person}’s staff access`
  if (role?.new === 'admin') return `made ${person} an admin`
  if (role?.new === 'front desk') return `made ${person} front desk`
  return changedSentence(person, entry)
}

function sentenceOf(entry: ActivityEntry, staffNames: StaffNames): string {
  switch (entry.table_name) {
    case 'bookings':
      return describeBooking(entry)
    case 'cabins':
      return describeRecord(entry, 'cabin', 'name')
    case 'guests':
      return describeRecord(entry, 'guest', 'fullName')
    case 'settings':
      return describeSettings(entry)
    case 'staff':
      return describeStaff(entry, staffNames)
    default:
      return `${entry.action === 'delete' ? 'deleted' : 'changed'} ${wordsOf(entry.table_name)} #${entry.row_id}`
  }
}

function linkOf(entry: ActivityEntry): string | null {
  const isGone = entry.action === 'delete'
  switch (entry.table_name) {
    case 'bookings':
      return isGone ? null : `/bookings/${entry.row_id}`
    case 'guests':
      return isGone ? null : `/guests/${entry.row_id}`
    case 'cabins':
      return '/cabins'
    case 'settings':
      return '/settings'
    case 'staff':
      return '/users'
    default:
      return null
  }
}

/** An activity entry as a sentence with its author, and the link to the record it is about. */
export function describeActivity(entry: ActivityEntry, staffNames: StaffNames = new Map()): ActivityWording {
  return { sentence: `${authorName(entry)} ${sentenceOf(entry, staffNames)}`, link: linkOf(entry) }
}

import { hashPassword } from '../auth/passwords'
import { insertEmailUser } from '../auth/users'
import type { Database, Queryable } from '../db/types'
import { DEMO_CABINS, DEMO_GUESTS, DEMO_SETTINGS, planDemoBookings } from './demoData'

export { DEMO_CABINS, DEMO_FLAG_CODES, DEMO_GUESTS, DEMO_SETTINGS, planDemoBookings } from './demoData'

/** The demo's admin: every right, as the first account of a business has. */
export const DEMO_STAFF = {
  email: 'demo@innkeeper.local',
  password: 'innkeeper-demo',
  fullName: 'Demo Receptionist',
} as const

/** The demo's front-desk account, to see what the desk may and may not do. */
export const DEMO_FRONT_DESK = {
  email: 'desk@innkeeper.local',
  password: 'innkeeper-desk',
  fullName: 'Demo Front Desk',
} as const

export const DEMO_IMAGE_BUCKET = 'cabin-images'

export interface DemoObject {
  bucket: string
  name: string
  bytes: Uint8Array
  mimetype: string
}

// The pictures are embedded in the built server, like the migrations: nothing to find on disk. Each is
// its own chunk, loaded when the seed runs, so a server that never seeds never holds them in memory.
const images = import.meta.glob<string>('../../../resources/demo/cabins/*.png', {
  query: '?inline',
  import: 'default',
})

/** The cabin pictures the seed stores, one per demo cabin. */
export async function demoObjects(): Promise<DemoObject[]> {
  return Promise.all(
    DEMO_CABINS.map(async (cabin) => {
      const load = Object.entries(images).find(([path]) => path.endsWith(`/${cabin.image}`))?.[1]
      if (!load) throw new Error(`Missing demo image resources/demo/cabins/${cabin.image}`)
      const dataUrl = await load()
      return {
        bucket: DEMO_IMAGE_BUCKET,
        name: cabin.image,
        bytes: Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'),
        mimetype: 'image/png',
      }
    }),
  )
}

/** The demo accounts' password hashes (bcrypt, on libuv's thread pool): about 0.1 s of CPU. */
export function hashDemoPasswords(): Promise<DemoPasswordHashes> {
  return Promise.all([hashPassword(DEMO_STAFF.password), hashPassword(DEMO_FRONT_DESK.password)])
}

export type DemoPasswordHashes = [staff: string, frontDesk: string]

export interface SeedDemoOptions {
  /** The desk's local date, 'YYYY-MM-DD': bookings are laid out around it. */
  today: string
  /** The public URL of a stored object, as the cabins' image column holds it. */
  publicUrlFor(bucket: string, name: string): string
  /** Stores an object (file and storage.objects row). Called before the seed's transaction opens. */
  putObject(bucket: string, name: string, bytes: Uint8Array, mimetype: string): Promise<void>
  /** hashDemoPasswords(), when the caller started it ahead (a new data folder): hashed here otherwise. */
  passwordHashes?: Promise<DemoPasswordHashes>
}

export type SeedResult =
  { seeded: false } | { seeded: true; staffUserId: string; cabins: number; guests: number; bookings: number }

async function isEmpty(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ used: boolean }>(
    'select exists (select 1 from auth.users) or exists (select 1 from public.cabins) as used',
  )
  return !rows[0].used
}

/**
 * Fills an empty database with a demo business: settings, 8 cabins with pictures, 30 guests, bookings
 * from 90 days ago to 30 days ahead (arrivals and departures today included) and two staff accounts:
 * demo@innkeeper.local (admin) and desk@innkeeper.local (front desk). Does nothing when the database already has users or cabins.
 * Runs as the connection's own (super)user, in one transaction; the pictures are stored first, because
 * putObject uses the database too and PGlite has a single connection.
 */
export async function seedDemo(db: Database, options: SeedDemoOptions): Promise<SeedResult> {
  if (!(await isEmpty(db))) return { seeded: false }
  for (const object of await demoObjects()) {
    await options.putObject(object.bucket, object.name, object.bytes, object.mimetype)
  }
  const [passwordHash, frontDeskPasswordHash] = await (options.passwordHashes ?? hashDemoPasswords())
  const bookings = planDemoBookings(options.today)

  return db.transaction(async (tx) => {
    if (!(await isEmpty(tx))) return { seeded: false }

    await tx.query(
      `update public.settings
          set "minBookingLength" = $1, "maxBookingLength" = $2, "maxGuestsPerBooking" = $3, "breakfastPrice" = $4
        where id = 1`,
      [
        DEMO_SETTINGS.minBookingLength,
        DEMO_SETTINGS.maxBookingLength,
        DEMO_SETTINGS.maxGuestsPerBooking,
        DEMO_SETTINGS.breakfastPrice,
      ],
    )
    await tx.query(
      `insert into public.cabins (name, "maxCapacity", "regularPrice", discount, description, image)
       select name, "maxCapacity", "regularPrice", discount, description, image
         from json_to_recordset($1::json) as x(name text, "maxCapacity" integer, "regularPrice" numeric,
                                               discount numeric, description text, image text)`,
      [
        JSON.stringify(
          DEMO_CABINS.map((cabin) => ({
            ...cabin,
            image: options.publicUrlFor(DEMO_IMAGE_BUCKET, cabin.image),
          })),
        ),
      ],
    )
    await tx.query(
      `insert into public.guests ("fullName", email, nationality, "nationalID", "countryFlag")
       select "fullName", email, nationality, "nationalID", "countryFlag"
         from json_to_recordset($1::json) as x("fullName" text, email text, nationality text,
                                               "nationalID" text, "countryFlag" text)`,
      [JSON.stringify(DEMO_GUESTS)],
    )
    // Inserted in order of creation, so booking ids grow with created_at as they would have.
    await tx.query(
      `insert into public.bookings (created_at, "startDate", "endDate", "numNights", "numGuests", "cabinPrice",
                                    "extrasPrice", "totalPrice", status, "hasBreakfast", observations, "isPaid",
                                    "cabinId", "guestId")
       select x."createdAt", x."startDate", x."endDate", x."numNights", x."numGuests", x."cabinPrice",
              x."extrasPrice", x."totalPrice", x.status, x."hasBreakfast", x.observations, x."isPaid", c.id, g.id
         from json_to_recordset($1::json) as x("createdAt" timestamptz, "startDate" date, "endDate" date,
                "numNights" integer, "numGuests" integer, "cabinPrice" numeric, "extrasPrice" numeric,
                "totalPrice" numeric, status text, "hasBreakfast" boolean, observations text, "isPaid" boolean,
                cabin text, guest text)
         join public.cabins c on c.name = x.cabin
         join public.guests g on g.email = x.guest
        order by x."createdAt"`,
      [
        JSON.stringify(
          bookings.map(({ cabinIndex, guestIndex, ...booking }) => ({
            ...booking,
            cabin: DEMO_CABINS[cabinIndex].name,
            guest: DEMO_GUESTS[guestIndex].email,
          })),
        ),
      ],
    )

    const staffUserId = await insertEmailUser(tx, {
      email: DEMO_STAFF.email,
      passwordHash,
      data: { fullName: DEMO_STAFF.fullName, avatar: '' },
      nowMs: Date.now(),
    })
    const frontDeskUserId = await insertEmailUser(tx, {
      email: DEMO_FRONT_DESK.email,
      passwordHash: frontDeskPasswordHash,
      data: { fullName: DEMO_FRONT_DESK.fullName, avatar: '' },
      nowMs: Date.now(),
    })
    await tx.query(
      `insert into public.staff (user_id, role) values ($1::uuid, 'admin'), ($2::uuid, 'front desk')`,
      [staffUserId, frontDeskUserId],
    )

    return {
      seeded: true,
      staffUserId,
      cabins: DEMO_CABINS.length,
      guests: DEMO_GUESTS.length,
      bookings: bookings.length,
    }
  })
}

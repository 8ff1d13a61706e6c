-- One index per query the app makes (beyond primary keys, cabins.name unique and the overlap
-- constraint's GiST index on ("cabinId", stay range)).

-- Bookings list: optional status filter, ordered by startDate or totalPrice, 10 a page, exact count.
create index bookings_status_start_date_idx on public.bookings (status, "startDate");
create index bookings_status_total_price_idx on public.bookings (status, "totalPrice");
create index bookings_start_date_idx on public.bookings ("startDate");
create index bookings_total_price_idx on public.bookings ("totalPrice");

-- Bookings created since a date (sales): reads only these columns.
create index bookings_created_at_idx on public.bookings (created_at) include ("totalPrice", "extrasPrice");

-- Today's activity: departures are checked-in stays ending today (arrivals use status + startDate).
create index bookings_status_end_date_idx on public.bookings (status, "endDate");

-- Dashboard: confirmed stays overlapping the period (check-ins, durations, occupancy in one scan).
create index bookings_confirmed_end_date_idx on public.bookings ("endDate") include ("startDate", "numNights")
  where status <> 'unconfirmed';

-- Foreign keys: embedding and the checks when a cabin or guest is deleted.
create index bookings_cabin_id_idx on public.bookings ("cabinId");
create index bookings_guest_id_idx on public.bookings ("guestId");

-- "Is this image used by another cabin?" before removing it from storage.
create index cabins_image_idx on public.cabins (image);

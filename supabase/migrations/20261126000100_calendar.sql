-- The calendar (issue 17): every cabin by day. One call fills the window the desk looks at with the
-- few fields a booking's bar needs, instead of downloading the bookings.

-- The stays overlapping a period, read from the index alone, now with every field the calendar's bars
-- need, so the window is an index-only scan. With fewer fields than the query needed, the planner took
-- the exclusion constraint's index instead (smaller, so cheaper on paper): it leads with the cabin, and
-- searched by dates alone it read ten to twenty times as long at 500 000 bookings.
drop index public.bookings_stay_idx;
create index bookings_stay_idx on public.bookings using gist (daterange("startDate", "endDate"))
  include ("cabinId", "startDate", "endDate", id, "guestId", "numNights", "numGuests", status, "totalPrice",
           "isPaid")
  where status <> 'cancelled';

-- The bookings that are not cancelled and touch the days p_from … p_from + p_days - 1, departure day
-- included: a stay leaving on the first day is drawn as the half day it still takes. Ordered by cabin,
-- then arrival, as the rows are drawn.
--
-- "endDate" >= p_from and "startDate" < p_from + p_days is the overlap of the stay's nights
-- ["startDate", "endDate") with [p_from - 1, p_from + p_days): written that way the window is one scan
-- of bookings_stay_idx. Each stay's guest is looked up by id (limit 1 keeps the planner from reading
-- every guest into a hash instead: the window's few thousand look-ups stay the same as guests grow).
-- It runs as the owner and answers staff only, for the reason given in the reservations desk
-- migration: under row level security && is not leakproof and each call would read every booking.
create function public.calendar_window(p_from date, p_days integer)
returns table (id bigint, "cabinId" bigint, "startDate" date, "endDate" date, "numNights" integer,
               "numGuests" integer, status text, "totalPrice" numeric, "isPaid" boolean,
               "guestName" text, "countryFlag" text)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_staff();
  if p_from is null then
    raise exception 'The calendar needs a first day' using errcode = '22023';
  end if;
  -- Two months at most: the window stays one small index scan whatever the client asks.
  if p_days is null or p_days < 1 or p_days > 62 then
    raise exception 'The calendar shows 1 to 62 days' using errcode = '22023';
  end if;
  return query
    select b.id, b."cabinId", b."startDate", b."endDate", b."numNights", b."numGuests", b.status,
           b."totalPrice", b."isPaid", g."fullName", g."countryFlag"
      from public.bookings b
     cross join lateral (
       select g."fullName", g."countryFlag" from public.guests g where g.id = b."guestId" limit 1
     ) g
     where b.status <> 'cancelled'
       and daterange(b."startDate", b."endDate") && daterange(p_from - 1, p_from + p_days)
     order by b."cabinId", b."startDate";
end
$$;

revoke execute on function public.calendar_window(date, integer) from public, anon;
grant execute on function public.calendar_window(date, integer) to authenticated, service_role;

-- The calendar's window as columns (issue 17: request p95 ≤ 30 ms at 500 cabins / 500 000 bookings).
--
-- The 31-day window of the large property holds about 4 700 stays. As rows (…_calendar.sql) they left
-- as 1.1 MB of JSON objects, each repeating the eleven field names, and each stay looked up its guest
-- in the guests' index on its own: building that JSON took about as long as finding the stays, and
-- the guests most of the rest. The same stays now leave as one JSON object of arrays, one per field
-- (the i-th entry of each is the i-th stay, by cabin then arrival), about 480 kB; their guests follow
-- once each, as arrays too, read from guests_id_name_flag_idx in one scan for all their ids (an index
-- scan for a list of keys reads each leaf page once, not once per stay). Dates are days after the
-- window's first day. src/shared/domain/calendarWindow.ts turns the answer into the rows the calendar
-- draws.
--
-- One JSON value is also the whole window: rows were cut at the REST layer's db-max-rows (1 000, as on
-- Supabase), so at 500 cabins the calendar drew the stays of about its first 100 cabins only.

drop function public.calendar_window(date, integer);

create function public.calendar_window(p_from date, p_days integer)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff();
  if p_from is null then
    raise exception 'The calendar needs a first day' using errcode = '22023';
  end if;
  -- Two months at most: the window stays one small index scan whatever the client asks.
  if p_days is null or p_days < 1 or p_days > 62 then
    raise exception 'The calendar shows 1 to 62 days' using errcode = '22023';
  end if;
  return (
    with stays as materialized (
      select b.id, b."cabinId", b."startDate" - p_from as arrival, b."numNights", b."numGuests", b.status,
             b."totalPrice", b."isPaid", b."guestId"
        from public.bookings b
       where b.status <> 'cancelled'
         and daterange(b."startDate", b."endDate") && daterange(p_from - 1, p_from + p_days)
       order by b."cabinId", b."startDate"
    ),
    -- The index scan sorts the ids and drops repeats itself.
    guests as (
      select g.id, g."fullName", g."countryFlag"
        from public.guests g
       where g.id = any (array(select s."guestId" from stays s))
    )
    -- The stays are read in the order they were stored: every array lists them alike.
    select json_build_object(
             'from', p_from,
             'id', coalesce(array_agg(s.id), '{}'),
             'cabinId', coalesce(array_agg(s."cabinId"), '{}'),
             'arrival', coalesce(array_agg(s.arrival), '{}'),
             'numNights', coalesce(array_agg(s."numNights"), '{}'),
             'numGuests', coalesce(array_agg(s."numGuests"), '{}'),
             'status', coalesce(array_agg(s.status), '{}'),
             'totalPrice', coalesce(array_agg(s."totalPrice"), '{}'),
             'isPaid', coalesce(array_agg(s."isPaid"), '{}'),
             'guestId', coalesce(array_agg(s."guestId"), '{}'),
             'guests', (select json_build_object('id', coalesce(array_agg(g.id), '{}'),
                                                 'fullName', coalesce(array_agg(g."fullName"), '{}'),
                                                 'countryFlag', coalesce(array_agg(g."countryFlag"), '{}'))
                          from guests g))
      from stays s
  );
end
$$;

revoke execute on function public.calendar_window(date, integer) from public, anon;
grant execute on function public.calendar_window(date, integer) to authenticated, service_role;

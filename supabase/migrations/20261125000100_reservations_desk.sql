-- The reservations desk (issue 16): the desk takes, changes and cancels bookings itself and keeps a
-- guests directory. The rules stay in the database, worded as the desk shows them (23514 for a broken
-- rule, 23P01 for a taken cabin, 23503 for "still referenced", 42501 for not allowed, code P0002 with
-- HTTP 404 for a booking that does not exist), and the prices are computed here, never from the client.
--
-- The functions that write run as the caller: row level security is the guard, so someone who is not
-- staff writes nothing. The read functions (free cabins, suggestions, guest search and directory) run
-- as the owner and answer staff only, because under row level security PostgreSQL may not use an index
-- for an operator that is not leakproof, and neither && on ranges nor ILIKE is: as the caller, each
-- call read every booking or every guest (a second at 500 000 bookings). "Today" is the desk's day
-- (p_today), as for get_today_activity.

-- Guest search matches fragments anywhere in a name, email or national ID: trigram indexes answer that.
create extension if not exists pg_trgm with schema extensions;

-- Helpers the functions below share. Not in public, so the REST API does not offer them as calls.
create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

-- Staff, or the service role (scripts, imports): who may use the desk's functions.
create function private.is_desk() returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(public.is_staff() or auth.role() = 'service_role', false)
$$;

---------------------------------------------------------------------------------------------------
-- Booking status `cancelled`
---------------------------------------------------------------------------------------------------

-- The first booking of the cabin that a stay overlaps, worded for the desk ("Cabin 003 is booked from
-- 12 Mar to 15 Mar"), or null when the cabin is free. Cancelled bookings hold no nights. It runs as the
-- caller (inside the booking trigger too), so it compares dates, whose operators are leakproof, on
-- bookings_cabin_stay_idx (below): the cabin's stays ending after the arrival, first by departure
-- (a cabin's stays never overlap, so that is also by arrival). Ordering by arrival instead made the
-- generic plan of this (never inlined) function walk the arrival index over every booking: a second
-- per call at 500 000 bookings.
create function private.cabin_taken_message(p_cabin_id bigint, p_start_date date, p_end_date date,
                                            p_booking_id bigint)
returns text
language sql
stable
set search_path = ''
as $$
  select format('Cabin %s is booked from %s to %s', c.name, to_char(b."startDate", 'FMDD Mon'),
                to_char(b."endDate", 'FMDD Mon'))
    from public.bookings b
    join public.cabins c on c.id = b."cabinId"
   where b."cabinId" = p_cabin_id
     and b.status <> 'cancelled'
     and b.id is distinct from p_booking_id
     and b."endDate" > p_start_date
     and b."startDate" < p_end_date
   order by b."endDate"
   limit 1
$$;

-- The booking rules of the booking rules migration, with `cancelled`: reached from unconfirmed only
-- (paid or not), holding no nights, and a conflict named. The departure sentence is the form's.
create or replace function public.check_booking() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  s public.settings;
  cabin_capacity integer;
  expected_extras numeric;
  taken text;
begin
  if new.status not in ('unconfirmed', 'checked-in', 'checked-out', 'cancelled') then
    raise exception 'Booking status must be unconfirmed, checked-in, checked-out or cancelled' using errcode = '23514';
  end if;
  if tg_op = 'UPDATE' and new.status <> old.status
     and not (old.status = 'unconfirmed' and new.status = 'checked-in')
     and not (old.status = 'checked-in' and new.status = 'checked-out')
     and not (old.status = 'unconfirmed' and new.status = 'cancelled') then
    raise exception 'A booking that is % cannot become %', old.status, new.status using errcode = '23514';
  end if;
  if new.status in ('checked-in', 'checked-out') and not new."isPaid" then
    raise exception 'A booking must be paid before check-in' using errcode = '23514';
  end if;

  if new."endDate" <= new."startDate" then
    raise exception 'The departure must be after the arrival' using errcode = '23514';
  end if;
  if new."numNights" <> new."endDate" - new."startDate" then
    raise exception 'The number of nights must match the dates (% nights)', new."endDate" - new."startDate"
      using errcode = '23514';
  end if;
  if new."numGuests" < 1 then
    raise exception 'A booking needs at least one guest' using errcode = '23514';
  end if;
  if new."cabinPrice" < 0 or new."extrasPrice" < 0 then
    raise exception 'Prices cannot be negative' using errcode = '23514';
  end if;
  if new."totalPrice" <> new."cabinPrice" + new."extrasPrice" then
    raise exception 'The total price must equal the cabin price plus extras' using errcode = '23514';
  end if;
  -- Bound here so that REST writes are too. Only a note being written is measured: older, longer
  -- notes do not stop the rest of the booking from changing.
  if (tg_op = 'INSERT' or new.observations is distinct from old.observations)
     and char_length(new.observations) > 2000 then
    raise exception 'Observations can have at most 2000 characters' using errcode = '23514';
  end if;

  select * into s from public.settings where id = 1;

  -- Limits apply when a stay is booked or its guests or cabin change, not to every later edit:
  -- lowering a limit must not stop an existing booking from being checked in.
  if tg_op = 'INSERT' or new."numGuests" <> old."numGuests" or new."cabinId" <> old."cabinId" then
    select "maxCapacity" into cabin_capacity from public.cabins where id = new."cabinId";
    if new."numGuests" > cabin_capacity then
      raise exception 'This cabin fits at most % guests', cabin_capacity using errcode = '23514';
    end if;
    if new."numGuests" > s."maxGuestsPerBooking" then
      raise exception 'A booking can have at most % guests', s."maxGuestsPerBooking" using errcode = '23514';
    end if;
  end if;
  if tg_op = 'INSERT' and new."numNights" not between s."minBookingLength" and s."maxBookingLength" then
    raise exception 'A booking must last between % and % nights', s."minBookingLength", s."maxBookingLength"
      using errcode = '23514';
  end if;

  -- Adding breakfast raises the extras by breakfastPrice × nights × guests, in whole cents as the desk
  -- computes it. The desk priced it from the settings it loaded; if they changed since, the guest would
  -- be charged a price nobody saw.
  if new."hasBreakfast" and (tg_op = 'INSERT' or not old."hasBreakfast") then
    expected_extras := round(s."breakfastPrice" * new."numNights" * new."numGuests", 2)
                       + case when tg_op = 'UPDATE' then old."extrasPrice" else 0 end;
    if new."extrasPrice" <> expected_extras then
      raise exception 'The breakfast price has changed; reload the booking and try again'
        using errcode = '23514';
    end if;
  end if;

  -- The exclusion constraint is the guarantee (also under concurrent writes); this check words the
  -- usual case, naming the booking in the way.
  if new.status <> 'cancelled'
     and (tg_op = 'INSERT' or new."cabinId" <> old."cabinId" or new."startDate" <> old."startDate"
          or new."endDate" <> old."endDate") then
    taken := private.cabin_taken_message(new."cabinId", new."startDate", new."endDate", new.id);
    if taken is not null then
      raise exception '%', taken using errcode = '23P01';
    end if;
  end if;
  return new;
end
$$;

-- A cancelled booking frees its nights: the constraint holds for the other bookings only.
alter table public.bookings drop constraint bookings_no_overlap;
alter table public.bookings add constraint bookings_no_overlap
  exclude using gist ("cabinId" with =, daterange("startDate", "endDate") with &&) where (status <> 'cancelled');

create or replace function public.check_booking_delete() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status not in ('checked-out', 'cancelled') then
    raise exception 'Only checked-out or cancelled bookings can be deleted' using errcode = '23514';
  end if;
  return old;
end
$$;

-- A cancelled booking keeps its figures as a checked-out stay does (see the booking history rules
-- migration); only its notes may still change.
create or replace function public.check_booking_history() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status = 'cancelled' then
    raise exception 'A cancelled booking cannot be changed' using errcode = '23514';
  end if;
  raise exception 'This stay is checked out: its dates, cabin, guests and prices can no longer change'
    using errcode = '23514';
end
$$;

drop trigger check_booking_history on public.bookings;
create trigger check_booking_history before update on public.bookings
for each row when (
  old.status in ('checked-out', 'cancelled')
  and (new."startDate", new."endDate", new."numNights", new."cabinId", new."guestId", new."numGuests",
       new."hasBreakfast", new."cabinPrice", new."extrasPrice", new."totalPrice")
      is distinct from
      (old."startDate", old."endDate", old."numNights", old."cabinId", old."guestId", old."numGuests",
       old."hasBreakfast", old."cabinPrice", old."extrasPrice", old."totalPrice")
)
execute function public.check_booking_history();

-- Availability: the stays overlapping a period, whatever their cabin, read from the index alone.
-- (The exclusion constraint's index leads with the cabin: one probe per cabin, 500 for a property.)
create index bookings_stay_idx on public.bookings using gist (daterange("startDate", "endDate"))
  include ("cabinId", "startDate", "endDate", id) where status <> 'cancelled';
-- A cabin's stays by departure, for the conflict message (see private.cabin_taken_message).
create index bookings_cabin_stay_idx on public.bookings ("cabinId", "endDate") include ("startDate")
  where status <> 'cancelled';

-- The list's count for the status filter: one row per status, the empty ones too.
insert into public.booking_counts (status, total)
values ('unconfirmed', 0), ('checked-in', 0), ('checked-out', 0), ('cancelled', 0)
on conflict (status) do nothing;

-- Figures ignore cancelled bookings. Sales count bookings made in the period that still stand; the
-- stays (check-ins, durations, occupancy) are the confirmed ones, now named rather than "not
-- unconfirmed". Each index below carries its query's predicate word for word, so it is used.
drop index public.bookings_created_at_idx;
create index bookings_created_at_idx on public.bookings (created_at) include ("totalPrice", "extrasPrice")
  where status <> 'cancelled';
drop index public.bookings_confirmed_end_date_idx;
create index bookings_confirmed_end_date_idx on public.bookings ("endDate") include ("startDate", "numNights")
  where status in ('checked-in', 'checked-out');

-- As the dashboard exact occupancy migration wrote it, but for those two predicates.
create or replace function public.get_dashboard(p_today date, p_days integer, p_time_zone text default 'UTC')
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_from date;
  v_from_ts timestamptz;
  v_to_ts timestamptz;
  v_bookings bigint;
  v_sales numeric;
  v_sales_by_day json;
  v_check_ins bigint;
  v_stay_durations json;
  v_nights bigint;
  v_cabins bigint;
  v_today json;
begin
  if not (public.is_staff() or auth.role() = 'service_role') then
    raise exception 'Only staff can view the dashboard' using errcode = '42501';
  end if;
  if p_today is null then
    raise exception 'p_today (the desk''s local date) is required' using errcode = '22023';
  end if;
  if p_days is null or p_days not in (7, 30, 90) then
    raise exception 'The period must be 7, 30 or 90 days' using errcode = '22023';
  end if;

  v_from := p_today - (p_days - 1);
  v_from_ts := v_from::timestamp at time zone p_time_zone;
  v_to_ts := (p_today + 1)::timestamp at time zone p_time_zone;

  with sales as (
    select (b.created_at at time zone p_time_zone)::date as day,
           count(*) as bookings,
           sum(b."totalPrice") as total,
           sum(b."extrasPrice") as extras
    from public.bookings b
    where b.created_at >= v_from_ts and b.created_at < v_to_ts and b.status <> 'cancelled'
    group by 1
  )
  select coalesce(sum(s.bookings), 0),
         coalesce(sum(s.total), 0),
         json_agg(
           json_build_object(
             'date', to_char(d.day, 'YYYY-MM-DD'),
             'totalSales', coalesce(s.total, 0),
             'extrasSales', coalesce(s.extras, 0)
           )
           order by d.day
         )
  into v_bookings, v_sales, v_sales_by_day
  from (select v_from + i as day from generate_series(0, p_days - 1) as i) d
  left join sales s on s.day = d.day;

  with stays as (
    select b."startDate", b."endDate", b."numNights"
    from public.bookings b
    where b.status in ('checked-in', 'checked-out') and b."endDate" > v_from and b."startDate" <= p_today
  ),
  buckets as (
    select case
             when "numNights" <= 3 then "numNights"
             when "numNights" <= 5 then 4
             when "numNights" <= 7 then 5
             when "numNights" <= 14 then 6
             when "numNights" <= 21 then 7
             else 8
           end as bucket,
           count(*) as stays
    from stays
    where "startDate" >= v_from
    group by 1
  )
  select (select coalesce(sum(least("endDate", p_today + 1) - greatest("startDate", v_from)), 0) from stays),
         (select coalesce(sum(stays), 0) from buckets),
         (select coalesce(
                   json_agg(
                     json_build_object(
                       'duration',
                       (array['1 night', '2 nights', '3 nights', '4-5 nights', '6-7 nights', '8-14 nights',
                              '15-21 nights', '21+ nights'])[bucket],
                       'value', stays
                     )
                     order by bucket
                   ),
                   '[]'
                 )
            from buckets)
  into v_nights, v_check_ins, v_stay_durations;

  select count(*) into v_cabins from public.cabins;

  select coalesce(
           json_agg(
             json_build_object(
               'id', b.id,
               'status', b.status,
               'numNights', b."numNights",
               'guests', json_build_object(
                 'fullName', g."fullName",
                 'nationality', g.nationality,
                 'countryFlag', g."countryFlag"
               )
             )
             order by b.created_at, b.id
           ),
           '[]'
         )
  into v_today
  from public.bookings b
  join public.guests g on g.id = b."guestId"
  where (b.status = 'unconfirmed' and b."startDate" = p_today)
     or (b.status = 'checked-in' and b."endDate" = p_today);

  return json_build_object(
    'stats', json_build_object(
      'bookings', v_bookings,
      'sales', v_sales,
      'checkIns', v_check_ins,
      'occupancyRate',
      case when v_cabins = 0 then 0 else least(1, v_nights::double precision / (p_days * v_cabins)) end,
      'cabinCount', v_cabins
    ),
    'salesByDay', v_sales_by_day,
    'stayDurations', v_stay_durations,
    'today', v_today
  );
end
$$;
-- get_today_activity names the statuses it lists (unconfirmed, checked-in, checked-out): a cancelled
-- booking is never among today's arrivals or departures, so it stays as it is.

---------------------------------------------------------------------------------------------------
-- Guests
---------------------------------------------------------------------------------------------------

-- The form's sentences. On an update only the fields being written are checked, so a guest stored
-- before these rules can still be edited field by field.
create function public.check_guest() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new."fullName" is distinct from old."fullName" then
    -- Blank as the form's trim() sees it: made of white space of any kind, no-break spaces too.
    if coalesce(new."fullName", '') ~ '^[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*$' then
      raise exception 'Please enter the guest''s full name' using errcode = '23514';
    end if;
    if char_length(new."fullName") > 100 then
      raise exception 'The full name can have at most 100 characters' using errcode = '23514';
    end if;
  end if;
  -- The app's email pattern (src/shared/domain/validation.ts), at most as long as an address can be.
  if tg_op = 'INSERT' or new.email is distinct from old.email then
    if char_length(new.email) > 254 then
      raise exception 'The email can have at most 254 characters' using errcode = '23514';
    end if;
    if new.email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
      raise exception 'Please enter a valid email address' using errcode = '23514';
    end if;
  end if;
  -- The flag the desk shows beside the name (ui/flagCode.ts): an https address or a country code.
  if tg_op = 'INSERT' or new."countryFlag" is distinct from old."countryFlag" then
    if char_length(new."countryFlag") > 200 then
      raise exception 'The country flag can have at most 200 characters' using errcode = '23514';
    end if;
    if new."countryFlag" !~ '^(https://[^\s]+|[A-Za-z]{2})$' then
      raise exception 'The country flag must be an https address or a two-letter country code'
        using errcode = '23514';
    end if;
  end if;
  if (tg_op = 'INSERT' or new.nationality is distinct from old.nationality) and char_length(new.nationality) > 60 then
    raise exception 'The nationality can have at most 60 characters' using errcode = '23514';
  end if;
  if (tg_op = 'INSERT' or new."nationalID" is distinct from old."nationalID") and char_length(new."nationalID") > 30 then
    raise exception 'The national ID can have at most 30 characters' using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger check_guest before insert or update on public.guests
for each row execute function public.check_guest();

-- The foreign key from bookings would refuse too, but with a message about constraints.
create function public.check_guest_delete() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from public.bookings where "guestId" = old.id) then
    raise exception 'This guest has bookings and cannot be deleted' using errcode = '23503';
  end if;
  return old;
end
$$;

create trigger check_guest_delete before delete on public.guests
for each row execute function public.check_guest_delete();

revoke execute on function public.check_guest(), public.check_guest_delete()
  from public, anon, authenticated, service_role;

-- Search: a fragment anywhere in the name, email or national ID (trigram indexes, case-insensitive).
create index guests_full_name_trgm_idx on public.guests using gin ("fullName" extensions.gin_trgm_ops);
create index guests_email_trgm_idx on public.guests using gin (email extensions.gin_trgm_ops);
create index guests_national_id_trgm_idx on public.guests using gin ("nationalID" extensions.gin_trgm_ops);
-- The search's name order: lower-case names, byte by byte, so a prefix is one range of it. It holds
-- the searched columns, so walking it reads no row.
create index guests_name_key_idx on public.guests ((lower("fullName") collate "C"), id)
  include ("fullName", email, "nationalID");
-- The directory's sorts, a page read straight from the index; id keeps equal names in one order.
create index guests_full_name_id_idx on public.guests ("fullName", id);
create index guests_created_at_id_idx on public.guests (created_at, id);
-- A guest's stays (the guest page, newest first) and the directory's number of stays and last stay,
-- read from the index alone. It also serves the foreign key, so the guestId index goes.
create index bookings_guest_id_start_date_idx on public.bookings ("guestId", "startDate") include (status);
drop index public.bookings_guest_id_idx;

-- The LIKE pattern for a fragment: % and _ (and the escape character) stand for themselves.
create function private.contains_pattern(p_text text) returns text
language sql
immutable
set search_path = ''
as $$
  select '%' || replace(replace(replace(btrim(p_text), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

-- A text longer than any searchable field (an email's 254 characters) is in no guest. Said at once:
-- a long pattern of varied characters makes the trigram indexes work for minutes (45 s for 1 MB).
create function private.longer_than_any_field(p_text text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select char_length(btrim(p_text)) > 254
$$;

-- The guests whose name, email or national ID contains the text, best first: names starting with it,
-- then the others, each in name order (case-insensitive: guests_name_key_idx). An empty text gives
-- the first guests in that order.
--
-- A fragment may be held by thousands of guests (a first name, a surname): sorting them all to keep
-- eight took ~30 ms at 100 000 guests. So the names starting with it are a range of the name index,
-- read in order. For the others, the trigram indexes first say whether the fragment is rare (fewer
-- than 200 guests): those few are sorted. A common one is looked for by walking the name index in
-- order (it holds the searched columns, so no row is read), where it soon turns up.
create function public.search_guests(p_query text, p_limit integer default 8)
returns setof public.guests
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_limit integer := least(greatest(coalesce(p_limit, 8), 0), 50);
  v_pattern text := private.contains_pattern(coalesce(p_query, ''));
  -- Name keys starting with the text lie in [v_low, v_high): chr(1114111) sorts after every character.
  v_low text := lower(btrim(coalesce(p_query, '')));
  v_high text := lower(btrim(coalesce(p_query, ''))) || chr(1114111);
  -- The pattern in lower case, for texts already in lower case: LIKE then compares bytes.
  v_lower_pattern text := lower(private.contains_pattern(coalesce(p_query, ''))) collate "C";
  v_ids bigint[];
  v_more bigint[];
  v_common boolean;
begin
  if not private.is_desk() or private.longer_than_any_field(p_query) then
    return;
  end if;
  if v_low = '' then
    return query
      select g.* from public.guests g order by lower(g."fullName") collate "C", g.id limit v_limit;
    return;
  end if;

  select coalesce(array_agg(p.id order by p.name_key, p.id), '{}') into v_ids
    from (select g.id, lower(g."fullName") collate "C" as name_key
            from public.guests g
           where lower(g."fullName") collate "C" >= v_low and lower(g."fullName") collate "C" < v_high
           order by 2, g.id
           limit v_limit) p;
  if cardinality(v_ids) = v_limit then
    return query select g.* from unnest(v_ids) with ordinality u(id, n) join public.guests g on g.id = u.id
                  order by u.n;
    return;
  end if;

  select count(*) = 200 into v_common
    from (select 1 from public.guests g
           where g."fullName" ilike v_pattern or g.email ilike v_pattern or g."nationalID" ilike v_pattern
           limit 200) m;
  if v_common then
    select coalesce(array_agg(w.id order by w.name_key, w.id), '{}') into v_more
      from (select w.id, w.name_key
              from (select g.id, lower(g."fullName") collate "C" as name_key, g."fullName", g.email,
                           g."nationalID"
                      from public.guests g
                     order by 2, g.id
                     limit 30000) w
             where (w.name_key like v_lower_pattern or lower(w.email) collate "C" like v_lower_pattern
                    or lower(w."nationalID") collate "C" like v_lower_pattern)
               and not (w.name_key >= v_low and w.name_key < v_high)
             limit v_limit - cardinality(v_ids)) w;
  end if;
  -- A rare fragment, or a common one held by no name in the first 30 000: sorted through the
  -- trigram indexes (offset 0 keeps the planner from walking the name index for the order).
  if not v_common or cardinality(v_more) < v_limit - cardinality(v_ids) then
    select coalesce(array_agg(r.id order by r.name_key, r.id), '{}') into v_more
      from (select m.id, m.name_key
              from (select g.id, lower(g."fullName") collate "C" as name_key
                      from public.guests g
                     where (g."fullName" ilike v_pattern or g.email ilike v_pattern
                            or g."nationalID" ilike v_pattern)
                       and not (lower(g."fullName") collate "C" >= v_low
                                and lower(g."fullName") collate "C" < v_high)
                    offset 0) m
             order by m.name_key, m.id
             limit v_limit - cardinality(v_ids)) r;
  end if;
  return query select g.* from unnest(v_ids || v_more) with ordinality u(id, n)
                 join public.guests g on g.id = u.id
                order by u.n;
end
$$;

-- One page of the directory, with each guest's stays (not cancelled) and latest arrival. The query is
-- put together per sort and search so that a page of all guests is read in order from its index. A
-- search takes its matches from the trigram indexes first, then sorts and pages them: walking the
-- name index in order for a fragment of two words ('hugo costa') read most of it (0.4 s).
create function public.guest_directory(p_search text default '', p_sort text default 'fullName-asc',
                                       p_offset integer default 0, p_limit integer default 10)
returns table (id bigint, created_at timestamptz, "fullName" text, email text, nationality text,
               "countryFlag" text, "nationalID" text, "numStays" integer, "lastStay" date)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_order text := case p_sort
                    when 'fullName-asc' then 'g."fullName", g.id'
                    when 'fullName-desc' then 'g."fullName" desc, g.id desc'
                    when 'created_at-desc' then 'g.created_at desc, g.id desc'
                  end;
begin
  if v_order is null then
    raise exception 'Unknown sort' using errcode = '23514';
  end if;
  if not private.is_desk() or private.longer_than_any_field(p_search) then
    return;
  end if;
  return query execute format(
    $sql$
      with %s
      page as (
        select g.* from %s g
         order by %s
        offset $2 limit $3
      )
      select g.id, g.created_at, g."fullName", g.email, g.nationality, g."countryFlag", g."nationalID",
             s.stays::integer, s.last_stay
        from page g
       cross join lateral (
         select count(*) as stays, max(b."startDate") as last_stay
           from public.bookings b
          where b."guestId" = g.id and b.status <> 'cancelled'
       ) s
       order by %s
    $sql$,
    case when coalesce(btrim(p_search), '') = '' then ''
         else $with$matches as materialized (
                select g.* from public.guests g
                 where g."fullName" ilike $1 or g.email ilike $1 or g."nationalID" ilike $1
              ),$with$ end,
    case when coalesce(btrim(p_search), '') = '' then 'public.guests' else 'matches' end,
    v_order, v_order)
  using private.contains_pattern(coalesce(p_search, '')),
        greatest(coalesce(p_offset, 0), 0),
        least(greatest(coalesce(p_limit, 10), 0), 100);
end
$$;

create function public.count_guests(p_search text default '')
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_pattern text := private.contains_pattern(coalesce(p_search, ''));
begin
  if not private.is_desk() or private.longer_than_any_field(p_search) then
    return 0;
  end if;
  if coalesce(btrim(p_search), '') = '' then
    return (select count(*) from public.guests);
  end if;
  return (
    select count(*) from public.guests g
     where g."fullName" ilike v_pattern or g.email ilike v_pattern or g."nationalID" ilike v_pattern
  );
end
$$;

---------------------------------------------------------------------------------------------------
-- Stays: availability, prices, create and change
---------------------------------------------------------------------------------------------------

-- The stay rules every booking obeys when it is made or moved (the form says the same sentences).
-- The limits come from the settings; for a caller who cannot read them only the plain rules apply.
create function private.check_stay(p_start_date date, p_end_date date, p_num_guests integer) returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  s public.settings;
begin
  if p_start_date is null or p_end_date is null or p_end_date <= p_start_date then
    raise exception 'The departure must be after the arrival' using errcode = '23514';
  end if;
  if p_num_guests is null or p_num_guests < 1 then
    raise exception 'A booking needs at least one guest' using errcode = '23514';
  end if;
  select * into s from public.settings where id = 1;
  if p_end_date - p_start_date not between s."minBookingLength" and s."maxBookingLength" then
    raise exception 'A booking must last between % and % nights', s."minBookingLength", s."maxBookingLength"
      using errcode = '23514';
  end if;
  if p_num_guests > s."maxGuestsPerBooking" then
    raise exception 'A booking can have at most % guests', s."maxGuestsPerBooking" using errcode = '23514';
  end if;
end
$$;

-- The desk's day (p_today) comes from the desk, whose clock may differ from the server's (the e2e desk
-- day is fixed): any real day within a year of the server's, so that no desk books in the past.
create function private.check_desk_day(p_today date) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_today is null then
    raise exception 'p_today (the desk''s local date) is required' using errcode = '22023';
  end if;
  if p_today not between (current_date - interval '1 year')::date and (current_date + interval '1 year')::date then
    raise exception 'The desk''s date is not valid' using errcode = '22023';
  end if;
end
$$;

-- How far ahead the desk takes bookings: a stay ends at most 2 years after the desk's day.
create function private.check_horizon(p_today date, p_end_date date) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_end_date > (p_today + interval '2 years')::date then
    raise exception 'Bookings can be made at most 2 years ahead' using errcode = '23514';
  end if;
end
$$;

-- Cabins with room for the guests and no booking on any night of the stay; the booking being changed
-- does not count against itself. The cabins taken are the stays overlapping it, one scan of
-- bookings_stay_idx; the rest is a hash anti join with the cabins.
create function public.free_cabins(p_start_date date, p_end_date date, p_num_guests integer,
                                   p_booking_id bigint default null)
returns table (id bigint, name text, "maxCapacity" integer, "regularPrice" numeric, discount numeric,
               image text, "pricePerNight" numeric, "numNights" integer, "cabinPrice" numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if not private.is_desk() then
    return;
  end if;
  perform private.check_stay(p_start_date, p_end_date, p_num_guests);
  return query
    with taken as materialized (
      select distinct b."cabinId" as cabin_id
        from public.bookings b
       where b.status <> 'cancelled'
         and daterange(b."startDate", b."endDate") && daterange(p_start_date, p_end_date)
         and b.id is distinct from p_booking_id
    )
    select c.id, c.name, c."maxCapacity", c."regularPrice", c.discount, c.image,
           c."regularPrice" - c.discount, p_end_date - p_start_date,
           (c."regularPrice" - c.discount) * (p_end_date - p_start_date)
      from public.cabins c
     where c."maxCapacity" >= p_num_guests
       and not exists (select 1 from taken t where t.cabin_id = c.id)
     order by c.name;
end
$$;

-- Other stays of the same length, moved by up to 28 days either way, each with how many cabins with
-- room for the guests are free for it, nearest first (the earlier of two as near), never before the
-- desk's day nor past the 2 years bookable.
--
-- The stays of the window (28 days either side) are read from bookings_stay_idx, as free_cabins reads
-- them; each fitting cabin's gaps between them give the shifts that fit in the gap (one range per gap,
-- and a cabin's gaps never overlap), and each shift counts the ranges holding it. Generating every
-- blocked (cabin, shift) pair instead took 60-180 ms on a full 500-cabin property.
create function public.stay_suggestions(p_start_date date, p_end_date date, p_num_guests integer,
                                        p_today date, p_booking_id bigint default null)
returns table ("startDate" date, "endDate" date, "freeCabins" integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_from date := p_start_date - 28;
  v_to date := p_end_date + 28;
begin
  if not private.is_desk() then
    return;
  end if;
  perform private.check_desk_day(p_today);
  perform private.check_horizon(p_today, p_end_date);
  perform private.check_stay(p_start_date, p_end_date, p_num_guests);
  return query
    with fitting as (
      select c.id from public.cabins c where c."maxCapacity" >= p_num_guests
    ),
    stays as materialized (
      select b."cabinId" as cabin_id, b."startDate" as arrival, b."endDate" as departure
        from public.bookings b
        join fitting f on f.id = b."cabinId"
       where b.status <> 'cancelled'
         and daterange(b."startDate", b."endDate") && daterange(v_from, v_to)
         and b.id is distinct from p_booking_id
    ),
    -- Free from gap_from to gap_to: before each stay (after the one before it), after the last, and
    -- the whole window for a cabin with no stay in it.
    gaps as (
      select cabin_id, coalesce(lag(departure) over (partition by cabin_id order by arrival), v_from) as gap_from,
             arrival as gap_to
        from stays
      union all
      select cabin_id, max(departure), v_to from stays group by cabin_id
      union all
      select f.id, v_from, v_to from fitting f where not exists (select 1 from stays s where s.cabin_id = f.id)
    ),
    -- The shifts whose stay lies in the gap: start + shift >= gap_from and end + shift <= gap_to.
    free_shifts as (
      select gap_from - p_start_date as low, gap_to - p_end_date as high
        from gaps
       where gap_to - gap_from >= p_end_date - p_start_date
    ),
    shifts as (
      select s as shift from generate_series(-28, 28) as s
       where s <> 0 and p_start_date + s >= p_today
         and p_end_date + s <= (p_today + interval '2 years')::date
    )
    select p_start_date + sh.shift, p_end_date + sh.shift, count(*)::integer
      from shifts sh
      join free_shifts fs on sh.shift between fs.low and fs.high
     group by sh.shift
     order by abs(sh.shift), sh.shift
     limit 6;
end
$$;

-- The prices the database stores for a stay: cabinPrice = (regularPrice - discount) × nights,
-- extrasPrice = breakfastPrice × nights × guests in whole cents when breakfast is taken.
create function public.quote_stay(p_cabin_id bigint, p_start_date date, p_end_date date, p_num_guests integer,
                                  p_has_breakfast boolean)
returns table ("numNights" integer, "cabinPrice" numeric, "extrasPrice" numeric, "totalPrice" numeric)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_nights integer;
  v_per_night numeric;
  v_breakfast numeric;
  v_cabin numeric;
  v_extras numeric;
begin
  if p_start_date is null or p_end_date is null or p_end_date <= p_start_date then
    raise exception 'The departure must be after the arrival' using errcode = '23514';
  end if;
  if p_num_guests is null or p_num_guests < 1 then
    raise exception 'A booking needs at least one guest' using errcode = '23514';
  end if;
  select c."regularPrice" - c.discount into v_per_night from public.cabins c where c.id = p_cabin_id;
  if not found then
    raise exception 'This cabin no longer exists' using errcode = '23503';
  end if;
  select s."breakfastPrice" into v_breakfast from public.settings s where s.id = 1;
  v_nights := p_end_date - p_start_date;
  v_cabin := v_per_night * v_nights;
  v_extras := case when p_has_breakfast then round(v_breakfast * v_nights * p_num_guests, 2) else 0 end;
  return query select v_nights, v_cabin, v_extras, v_cabin + v_extras;
end
$$;

-- What create_booking and change_booking check before they write a priced stay: the cabin exists and
-- fits the guests, and the total is the one the form showed. Returns the prices to store.
create function private.priced_stay(p_cabin_id bigint, p_start_date date, p_end_date date,
                                    p_num_guests integer, p_has_breakfast boolean,
                                    p_expected_total_price numeric)
returns table ("numNights" integer, "cabinPrice" numeric, "extrasPrice" numeric, "totalPrice" numeric)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_capacity integer;
  q record;
begin
  select c."maxCapacity" into v_capacity from public.cabins c where c.id = p_cabin_id;
  if not found then
    raise exception 'This cabin no longer exists' using errcode = '23503';
  end if;
  if p_num_guests > v_capacity then
    raise exception 'This cabin fits at most % guests', v_capacity using errcode = '23514';
  end if;
  select * into q from public.quote_stay(p_cabin_id, p_start_date, p_end_date, p_num_guests, p_has_breakfast);
  if p_expected_total_price is distinct from q."totalPrice" then
    raise exception 'The prices have changed; check the new total and save again' using errcode = '23514';
  end if;
  return query select q."numNights", q."cabinPrice", q."extrasPrice", q."totalPrice";
end
$$;

create function private.require_staff() returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.is_desk() then
    raise exception 'Only staff can take and change bookings' using errcode = '42501';
  end if;
end
$$;

-- A new, unconfirmed booking for an existing guest (p_guest_id) or one entered with it (p_new_guest,
-- inserted in the same transaction: a refused booking leaves no guest behind).
create function public.create_booking(p_cabin_id bigint, p_start_date date, p_end_date date, p_num_guests integer,
                                      p_has_breakfast boolean, p_is_paid boolean, p_observations text,
                                      p_expected_total_price numeric, p_today date,
                                      p_guest_id bigint default null, p_new_guest jsonb default null)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_guest_id bigint := p_guest_id;
  v_booking_id bigint;
  q record;
begin
  perform private.require_staff();
  perform private.check_desk_day(p_today);
  if (p_guest_id is null) = (p_new_guest is null) then
    raise exception 'Choose an existing guest or enter a new one' using errcode = '23514';
  end if;
  if p_start_date < p_today then
    raise exception 'The arrival cannot be before today' using errcode = '23514';
  end if;
  perform private.check_horizon(p_today, p_end_date);
  perform private.check_stay(p_start_date, p_end_date, p_num_guests);
  select * into q from private.priced_stay(p_cabin_id, p_start_date, p_end_date, p_num_guests,
                                           coalesce(p_has_breakfast, false), p_expected_total_price);

  if p_guest_id is not null then
    perform from public.guests g where g.id = p_guest_id;
    if not found then
      raise exception 'This guest no longer exists' using errcode = '23503';
    end if;
  else
    insert into public.guests ("fullName", email, nationality, "countryFlag", "nationalID")
    values (btrim(p_new_guest ->> 'fullName'), nullif(btrim(p_new_guest ->> 'email'), ''),
            nullif(btrim(p_new_guest ->> 'nationality'), ''), nullif(btrim(p_new_guest ->> 'countryFlag'), ''),
            nullif(btrim(p_new_guest ->> 'nationalID'), ''))
    returning id into v_guest_id;
  end if;

  begin
    insert into public.bookings ("startDate", "endDate", "numNights", "numGuests", "cabinPrice", "extrasPrice",
                                 "totalPrice", status, "hasBreakfast", observations, "isPaid", "cabinId", "guestId")
    values (p_start_date, p_end_date, q."numNights", p_num_guests, q."cabinPrice", q."extrasPrice",
            q."totalPrice", 'unconfirmed', coalesce(p_has_breakfast, false), nullif(btrim(p_observations), ''),
            coalesce(p_is_paid, false), p_cabin_id, v_guest_id)
    returning id into v_booking_id;
  exception when exclusion_violation then
    -- Another desk booked these nights after the trigger looked: it has committed now, name it.
    raise exception '%', coalesce(private.cabin_taken_message(p_cabin_id, p_start_date, p_end_date, null),
                                  'This cabin is already booked for some of these nights')
      using errcode = '23P01';
  end;
  return v_booking_id;
end
$$;

-- Changes a booking as its status allows. Prices are recomputed (quote_stay) when the stay's dates,
-- cabin, guests or breakfast change; an edit of payment or notes alone keeps the prices stored.
create function public.change_booking(p_booking_id bigint, p_cabin_id bigint, p_start_date date, p_end_date date,
                                      p_num_guests integer, p_has_breakfast boolean, p_is_paid boolean,
                                      p_observations text, p_expected_total_price numeric, p_today date)
returns void
language plpgsql
set search_path = ''
as $$
declare
  b public.bookings;
  q record;
  v_observations text := nullif(btrim(p_observations), '');
  v_stay_changes boolean;
begin
  perform private.require_staff();
  perform private.check_desk_day(p_today);
  select * into b from public.bookings where id = p_booking_id for update;
  if not found then
    -- PostgREST answers SQLSTATE P0002 with 500 like any PL/pgSQL error; raised this way the client
    -- gets the same code and sentence with 404, from PostgREST and from the embedded REST alike.
    raise sqlstate 'PGRST' using
      message = '{"code":"P0002","message":"Booking not found","details":null,"hint":null}',
      detail = '{"status":404,"headers":{}}';
  end if;
  v_stay_changes := (p_cabin_id, p_start_date, p_end_date, p_num_guests, coalesce(p_has_breakfast, false))
                    is distinct from (b."cabinId", b."startDate", b."endDate", b."numGuests", b."hasBreakfast");

  if b.status in ('checked-out', 'cancelled') then
    if v_stay_changes or coalesce(p_is_paid, false) <> b."isPaid" then
      if b.status = 'cancelled' then
        raise exception 'A cancelled booking cannot be changed' using errcode = '23514';
      end if;
      raise exception 'This stay is checked out: its dates, cabin, guests and prices can no longer change'
        using errcode = '23514';
    end if;
  elsif b.status = 'checked-in' then
    if (p_cabin_id, p_start_date, p_num_guests, coalesce(p_has_breakfast, false))
       is distinct from (b."cabinId", b."startDate", b."numGuests", b."hasBreakfast") then
      raise exception 'A checked-in stay can only change its departure, payment and observations'
        using errcode = '23514';
    end if;
    if p_end_date is distinct from b."endDate" and p_end_date < p_today then
      raise exception 'The departure cannot be before today' using errcode = '23514';
    end if;
    if p_end_date is null or p_end_date <= p_start_date then
      raise exception 'The departure must be after the arrival' using errcode = '23514';
    end if;
    if p_end_date is distinct from b."endDate" then
      perform private.check_horizon(p_today, p_end_date);
    end if;
  else
    if p_start_date is distinct from b."startDate" and p_start_date < p_today then
      raise exception 'The arrival cannot be before today' using errcode = '23514';
    end if;
    if v_stay_changes then
      perform private.check_horizon(p_today, p_end_date);
      perform private.check_stay(p_start_date, p_end_date, p_num_guests);
    end if;
  end if;

  if v_stay_changes then
    select * into q from private.priced_stay(p_cabin_id, p_start_date, p_end_date, p_num_guests,
                                             coalesce(p_has_breakfast, false), p_expected_total_price);
  else
    if p_expected_total_price is distinct from b."totalPrice" then
      raise exception 'The prices have changed; check the new total and save again' using errcode = '23514';
    end if;
    select b."numNights" as "numNights", b."cabinPrice" as "cabinPrice", b."extrasPrice" as "extrasPrice",
           b."totalPrice" as "totalPrice"
      into q;
  end if;

  begin
    update public.bookings
       set "cabinId" = p_cabin_id, "startDate" = p_start_date, "endDate" = p_end_date,
           "numNights" = q."numNights", "numGuests" = p_num_guests, "hasBreakfast" = coalesce(p_has_breakfast, false),
           "cabinPrice" = q."cabinPrice", "extrasPrice" = q."extrasPrice", "totalPrice" = q."totalPrice",
           "isPaid" = coalesce(p_is_paid, false), observations = v_observations
     where id = p_booking_id;
  exception when exclusion_violation then
    raise exception '%', coalesce(private.cabin_taken_message(p_cabin_id, p_start_date, p_end_date, p_booking_id),
                                  'This cabin is already booked for some of these nights')
      using errcode = '23P01';
  end;
end
$$;

---------------------------------------------------------------------------------------------------
-- Who may call what
---------------------------------------------------------------------------------------------------

revoke execute on function
  private.is_desk(),
  private.cabin_taken_message(bigint, date, date, bigint),
  private.contains_pattern(text),
  private.longer_than_any_field(text),
  private.check_stay(date, date, integer),
  private.check_desk_day(date),
  private.check_horizon(date, date),
  private.priced_stay(bigint, date, date, integer, boolean, numeric),
  private.require_staff(),
  public.search_guests(text, integer),
  public.guest_directory(text, text, integer, integer),
  public.count_guests(text),
  public.free_cabins(date, date, integer, bigint),
  public.stay_suggestions(date, date, integer, date, bigint),
  public.quote_stay(bigint, date, date, integer, boolean),
  public.create_booking(bigint, date, date, integer, boolean, boolean, text, numeric, date, bigint, jsonb),
  public.change_booking(bigint, bigint, date, date, integer, boolean, boolean, text, numeric, date)
  from public, anon;
grant execute on function
  private.is_desk(),
  private.cabin_taken_message(bigint, date, date, bigint),
  private.contains_pattern(text),
  private.longer_than_any_field(text),
  private.check_stay(date, date, integer),
  private.check_desk_day(date),
  private.check_horizon(date, date),
  private.priced_stay(bigint, date, date, integer, boolean, numeric),
  private.require_staff(),
  public.search_guests(text, integer),
  public.guest_directory(text, text, integer, integer),
  public.count_guests(text),
  public.free_cabins(date, date, integer, bigint),
  public.stay_suggestions(date, date, integer, date, bigint),
  public.quote_stay(bigint, date, date, integer, boolean),
  public.create_booking(bigint, date, date, integer, boolean, boolean, text, numeric, date, bigint, jsonb),
  public.change_booking(bigint, bigint, date, date, integer, boolean, boolean, text, numeric, date)
  to authenticated, service_role;
-- The booking trigger calls it for every writer; for anon it finds nothing (row level security).
grant execute on function private.cabin_taken_message(bigint, date, date, bigint) to anon;

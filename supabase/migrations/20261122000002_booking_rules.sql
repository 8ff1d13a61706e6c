-- Rules the database itself enforces, whichever client writes. Each violation raises a sentence the
-- UI can show as it is, with SQLSTATE 23514 (check_violation, HTTP 400 through PostgREST), 23503
-- (still referenced, 409) or 23P01 (overlap, 409).
--
-- The trigger functions run as the caller (security invoker), so their look-ups see only what the
-- caller may see: for someone who is not staff nothing is visible, the checks that need other rows
-- are skipped, and row level security rejects the write right after. Nothing leaks through a message.

create function public.check_booking() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  s public.settings;
  cabin_capacity integer;
  expected_extras numeric;
begin
  if new.status not in ('unconfirmed', 'checked-in', 'checked-out') then
    raise exception 'Booking status must be unconfirmed, checked-in or checked-out' using errcode = '23514';
  end if;
  if tg_op = 'UPDATE' and new.status <> old.status
     and not (old.status = 'unconfirmed' and new.status = 'checked-in')
     and not (old.status = 'checked-in' and new.status = 'checked-out') then
    raise exception 'A booking that is % cannot become %', old.status, new.status using errcode = '23514';
  end if;
  if new.status <> 'unconfirmed' and not new."isPaid" then
    raise exception 'A booking must be paid before check-in' using errcode = '23514';
  end if;

  if new."endDate" <= new."startDate" then
    raise exception 'The end date must be after the start date' using errcode = '23514';
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

  -- The exclusion constraint below is the guarantee (also under concurrent writes); this check only
  -- words the usual case. It uses the constraint's index.
  if (tg_op = 'INSERT' or new."cabinId" <> old."cabinId" or new."startDate" <> old."startDate"
      or new."endDate" <> old."endDate")
     and exists (
       select 1 from public.bookings b
       where b."cabinId" = new."cabinId" and b.id <> new.id
         and daterange(b."startDate", b."endDate") && daterange(new."startDate", new."endDate")
     ) then
    raise exception 'This cabin is already booked for some of these nights' using errcode = '23P01';
  end if;
  return new;
end
$$;

create trigger check_booking before insert or update on public.bookings
for each row execute function public.check_booking();

alter table public.bookings add constraint bookings_no_overlap
  exclude using gist ("cabinId" with =, daterange("startDate", "endDate") with &&);

-- Setting a stay's status to the one it already has means two desks (or two clicks) checked the same
-- guest in or out at once: exactly one of them may succeed. `update of status` fires only when the
-- UPDATE names the column, so other edits of a checked-in booking are unaffected.
create function public.check_booking_status_repeat() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = old.status and new.status <> 'unconfirmed' then
    raise exception 'This booking is already %', replace(new.status, '-', ' ') using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger check_booking_status_repeat before update of status on public.bookings
for each row execute function public.check_booking_status_repeat();

create function public.check_booking_delete() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status <> 'checked-out' then
    raise exception 'Only checked-out bookings can be deleted' using errcode = '23514';
  end if;
  return old;
end
$$;

create trigger check_booking_delete before delete on public.bookings
for each row execute function public.check_booking_delete();

create function public.check_cabin() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if btrim(new.name) = '' then
    raise exception 'A cabin needs a name' using errcode = '23514';
  end if;
  if new."maxCapacity" < 1 then
    raise exception 'Capacity should be at least 1 person' using errcode = '23514';
  end if;
  if new."regularPrice" < 1 then
    raise exception 'Regular price should be at least 1' using errcode = '23514';
  end if;
  if new.discount < 0 then
    raise exception 'Discount cannot be negative' using errcode = '23514';
  end if;
  if new.discount > new."regularPrice" then
    raise exception 'Discount should be less than regular price' using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger check_cabin before insert or update on public.cabins
for each row execute function public.check_cabin();

-- The foreign key from bookings would refuse too, but with a message about constraints.
create function public.check_cabin_delete() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from public.bookings where "cabinId" = old.id) then
    raise exception 'This cabin has bookings and cannot be deleted' using errcode = '23503';
  end if;
  return old;
end
$$;

create trigger check_cabin_delete before delete on public.cabins
for each row execute function public.check_cabin_delete();

-- Two desks editing settings at once cannot leave min > max: an UPDATE waits for the other's row lock
-- and then re-applies its change to the committed row, and this trigger checks that merged row.
create function public.check_settings() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.id <> 1 then
    raise exception 'There is only one settings row, with id 1' using errcode = '23514';
  end if;
  if new."minBookingLength" < 1 then
    raise exception 'Minimum nights per booking must be at least 1' using errcode = '23514';
  end if;
  if new."maxBookingLength" < 1 then
    raise exception 'Maximum nights per booking must be at least 1' using errcode = '23514';
  end if;
  if new."maxGuestsPerBooking" < 1 then
    raise exception 'Maximum guests per booking must be at least 1' using errcode = '23514';
  end if;
  if new."breakfastPrice" <= 0 then
    raise exception 'Breakfast price must be more than 0' using errcode = '23514';
  end if;
  if new."minBookingLength" > new."maxBookingLength" then
    raise exception 'Minimum nights per booking cannot be more than the maximum (%)', new."maxBookingLength"
      using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger check_settings before insert or update on public.settings
for each row execute function public.check_settings();

create function public.check_settings_delete() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The settings row cannot be deleted' using errcode = '23514';
end
$$;

create trigger check_settings_delete before delete on public.settings
for each row execute function public.check_settings_delete();

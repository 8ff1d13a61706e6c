-- Two rules a front desk expects, in the style of the booking rules migration (a sentence the UI can
-- show, SQLSTATE 23514, HTTP 400 through PostgREST). The conditions sit in the triggers' WHEN clauses,
-- so rows they do not concern (a 500 000-booking import, every edit of a stay not yet over) never
-- call the functions.

-- A booking made at the desk starts unconfirmed and becomes checked in when the guest arrives; only
-- then is it known that they came. The rule binds the API roles the desk and everyone else use (anon,
-- authenticated). The table owner and service_role may write stays as they happened: the demo seed and
-- the large property of the bench build past stays in SQL as the owner, and an import of a business's
-- history needs the service key (a key that skips row level security anyway); the booking rules
-- still check what they write.
create function public.check_booking_starts_unconfirmed() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'A new booking starts unconfirmed; check the guest in when they arrive' using errcode = '23514';
end
$$;

create trigger check_booking_starts_unconfirmed before insert on public.bookings
for each row when (new.status <> 'unconfirmed' and current_user in ('anon', 'authenticated'))
execute function public.check_booking_starts_unconfirmed();

-- A checked-out stay is history: who stayed, in which cabin, on which nights, how many, with or
-- without breakfast and for how much is what the sales and occupancy figures are made of, for everyone
-- (the owner too: a past stay is not rewritten by an import either). Notes may still be added, and
-- the stay may still be deleted as before.
create function public.check_booking_history() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'This stay is checked out: its dates, cabin, guests and prices can no longer change'
    using errcode = '23514';
end
$$;

create trigger check_booking_history before update on public.bookings
for each row when (
  old.status = 'checked-out'
  and (new."startDate", new."endDate", new."numNights", new."cabinId", new."guestId", new."numGuests",
       new."hasBreakfast", new."cabinPrice", new."extrasPrice", new."totalPrice")
      is distinct from
      (old."startDate", old."endDate", old."numNights", old."cabinId", old."guestId", old."numGuests",
       old."hasBreakfast", old."cabinPrice", old."extrasPrice", old."totalPrice")
)
execute function public.check_booking_history();

revoke execute on function public.check_booking_starts_unconfirmed(), public.check_booking_history()
  from public, anon, authenticated, service_role;

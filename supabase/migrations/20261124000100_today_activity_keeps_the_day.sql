-- Today's arrivals and departures on their own (issue 15): they do not depend on the dashboard's
-- period, so changing the period neither asks for them again nor throws them away; and the list keeps
-- the day: a guest checked in or out today stays in it, marked as done, so the desk can count.
--
--   arrival:   a stay starting p_today, unconfirmed (to check in) or checked-in (arrived)
--   departure: a stay ending p_today, checked-in (to check out) or checked-out (departed)
-- A row's place depends on its dates, creation and id, never on its status: checking a guest in or
-- out never moves the rows under the pointer. Departures come first, as the morning's work does.
-- Each query is a range scan on (status, "startDate") or (status, "endDate") of the indexes migration.
-- get_dashboard still answers its own 'today' list, for app versions that read it there.

create function public.get_today_activity(p_today date)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not (public.is_staff() or auth.role() = 'service_role') then
    raise exception 'Only staff can view the dashboard' using errcode = '42501';
  end if;
  if p_today is null then
    raise exception 'p_today (the desk''s local date) is required' using errcode = '22023';
  end if;

  return (
    select coalesce(
             json_agg(
               json_build_object(
                 'id', b.id,
                 'kind', case when b."startDate" = p_today then 'arrival' else 'departure' end,
                 'status', b.status,
                 'numNights', b."numNights",
                 'cabinName', c.name,
                 'guests', json_build_object(
                   'fullName', g."fullName",
                   'nationality', g.nationality,
                   'countryFlag', g."countryFlag"
                 )
               )
               order by b."startDate" = p_today, b.created_at, b.id
             ),
             '[]'
           )
    from public.bookings b
    join public.guests g on g.id = b."guestId"
    join public.cabins c on c.id = b."cabinId"
    where (b.status in ('unconfirmed', 'checked-in') and b."startDate" = p_today)
       or (b.status in ('checked-in', 'checked-out') and b."endDate" = p_today)
  );
end
$$;

revoke execute on function public.get_today_activity(date) from public, anon;
grant execute on function public.get_today_activity(date) to authenticated, service_role;

-- One booking's own history for its detail page (issue 18). The activity log is the admins' to read
-- (…_roles_and_activity.sql), but the front desk opens bookings too, and a booking's page shows who
-- took, changed, checked in or cancelled it: this function hands any staff member the entries of that
-- one booking, newest first, and nothing else of the log. It reads the log's row index
-- (table_name, row_id, created_at, id), so its cost does not grow with the log.
create function public.booking_history(p_booking_id bigint)
returns setof public.activity_log
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can read a booking''s history' using errcode = '42501';
  end if;
  return query
    select *
      from public.activity_log
     where table_name = 'bookings' and row_id = p_booking_id::text
     order by created_at desc, id desc;
end
$$;

revoke execute on function public.booking_history(bigint) from public, anon, authenticated, service_role;
grant execute on function public.booking_history(bigint) to authenticated, service_role;

-- A banned or deleted account keeps no staff rights, even through the access token it already holds
-- (a JWT stays valid until it expires, up to an hour, and neither GoTrue nor this server can recall
-- it). Refreshing is refused by Auth itself; this makes every policy and staff-only function refuse
-- the remaining access token as well, on hosted Supabase too. `create or replace` keeps the grants.
create or replace function public.is_staff() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.staff s
    join auth.users u on u.id = s.user_id
    where s.user_id = auth.uid()
      and u.deleted_at is null
      and (u.banned_until is null or u.banned_until <= now())
  )
$$;

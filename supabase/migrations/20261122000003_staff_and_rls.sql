-- Only staff may read or write anything. Signing up is open to anyone holding the anon key (on hosted
-- Supabase too), so an account becomes staff only when an existing staff member invited its email
-- address just before creating it.
--
-- The first staff account of a hosted project: create the user (Dashboard → Authentication → Add
-- user), then make it staff with the SQL in README.md, "The first staff account".
-- On the embedded backend the demo seed creates demo@innkeeper.local, and `npm run staff:add` any other.

create function public.is_staff() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.staff where user_id = auth.uid())
$$;

revoke execute on function public.is_staff() from public;
grant execute on function public.is_staff() to anon, authenticated, service_role;

-- Grants as Supabase made them before 2026 (new projects no longer get them implicitly): the API
-- roles may touch the tables, and the policies below decide which rows. Anon therefore reads an
-- empty list and is refused writes with 42501, exactly as on a hosted project.
grant select, insert, update, delete
  on public.cabins, public.guests, public.bookings, public.settings, public.staff, public.staff_invites
  to anon, authenticated, service_role;
grant usage, select on all sequences in schema public to anon, authenticated, service_role;

alter table public.cabins enable row level security;
alter table public.guests enable row level security;
alter table public.bookings enable row level security;
alter table public.settings enable row level security;
alter table public.staff enable row level security;
alter table public.staff_invites enable row level security;

-- `(select public.is_staff())` is evaluated once per statement, not once per row.
create policy "Staff manage cabins" on public.cabins
  for all to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "Staff manage guests" on public.guests
  for all to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "Staff manage bookings" on public.bookings
  for all to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "Staff manage settings" on public.settings
  for all to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "Staff manage staff" on public.staff
  for all to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "Staff manage staff invites" on public.staff_invites
  for all to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));

-- Called by a staff member right before signing the new user up.
create function public.invite_staff(p_email text) returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
begin
  if not (public.is_staff() or auth.role() = 'service_role') then
    raise exception 'Only staff can create staff users' using errcode = '42501';
  end if;
  if v_email is null or v_email !~ '^\S+@\S+\.\S+$' then
    raise exception 'Please enter a valid email address' using errcode = '22023';
  end if;
  insert into public.staff_invites (email, invited_by)
  values (v_email, auth.uid())
  on conflict (email) do update set invited_by = excluded.invited_by, created_at = now();
end
$$;

revoke execute on function public.invite_staff(text) from public, anon;
grant execute on function public.invite_staff(text) to authenticated, service_role;

-- Runs as the owner because the signing-up user may read neither invites nor staff. Only a fresh
-- invite counts: a forgotten one must not make a stranger who registers that address months later staff.
-- Existing accounts are never promoted: whoever registered an address first would otherwise gain
-- staff rights the moment that address is invited.
create function public.grant_staff_from_invite() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  invited_at timestamptz;
begin
  delete from public.staff_invites where email = lower(new.email) returning created_at into invited_at;
  if invited_at > now() - interval '1 day' then
    insert into public.staff (user_id) values (new.id) on conflict do nothing;
  end if;
  return new;
end
$$;

revoke execute on function public.grant_staff_from_invite() from public, anon, authenticated;

create trigger grant_staff_from_invite after insert on auth.users
for each row execute function public.grant_staff_from_invite();

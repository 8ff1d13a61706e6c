-- Roles and the activity log (issue 18): who may do what, and who did what, decided and written here so
-- that it holds on the embedded backend, on PostgreSQL and on a hosted Supabase project alike.
--
-- Two roles. An admin may do everything. The front desk uses the dashboard, the calendar, bookings
-- (create, change, cancel, check in, check out), guests and its own account, and may not change the
-- settings, add, change or delete cabins (or their pictures), create users or change roles, delete
-- bookings or guests. A refusal is SQLSTATE 42501 worded for the desk (HTTP 403), a broken rule 23514
-- or 22023 (400), a staff member who does not exist P0002 (404).
--
-- Every insert, update and delete on bookings, cabins, guests, settings and staff writes one entry of
-- public.activity_log in the same transaction, by triggers that run as the owner; nobody may change or
-- remove an entry through the API, the service role included, and only admins read them.

---------------------------------------------------------------------------------------------------
-- Roles
---------------------------------------------------------------------------------------------------

alter table public.staff
  add column role text not null default 'front desk'
  constraint staff_role_known check (role in ('admin', 'front desk'));

-- Until now every staff member could do everything: they keep it. New staff are front desk unless an
-- admin chooses otherwise; the first account (demo seed, staff:add, the owner's first run, the
-- README's hosted steps) is made admin explicitly.
update public.staff set role = 'admin';

-- The role the invited account gets when it signs up.
alter table public.staff_invites
  add column role text not null default 'front desk'
  constraint staff_invites_role_known check (role in ('admin', 'front desk'));

-- The caller's role, or null for anyone who is not staff. As is_staff did (…_staff_rights_end_with_ban_or_deletion):
-- a banned or deleted account holds no role. And a session that has ended (signed out, or ended by an
-- admin: removed access, new password) takes its access token's rights with it at once, though the
-- JWT itself stays valid until it expires. Tokens without a session (minted with the JWT secret) are
-- judged by their user alone.
create function public.staff_role() returns text
language sql
stable
security definer
set search_path = ''
as $$
  select s.role
    from public.staff s
    join auth.users u on u.id = s.user_id
   where s.user_id = auth.uid()
     and u.deleted_at is null
     and (u.banned_until is null or u.banned_until <= now())
     and (auth.jwt() ->> 'session_id' is null
          or exists (select 1 from auth.sessions ses where ses.id = (auth.jwt() ->> 'session_id')::uuid))
$$;

create or replace function public.is_staff() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.staff_role() is not null
$$;

create function public.is_admin() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(public.staff_role() = 'admin', false)
$$;

-- For the policies on what only admins may do: true for an admin, a worded refusal for the rest of the
-- staff (row level security alone would skip the rows in silence, and the desk would believe it
-- deleted a booking), false for anyone else, who sees nothing anyway.
create function private.admin_only(p_refusal text) returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  v_role text := public.staff_role();
begin
  if v_role = 'admin' then
    return true;
  end if;
  if v_role is not null then
    raise exception '%', p_refusal using errcode = '42501';
  end if;
  return false;
end
$$;

-- The first line of every admin function: admins and the service role (scripts) only.
create function private.require_admin(p_refusal text) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not (public.is_admin() or coalesce(auth.role() = 'service_role', false)) then
    raise exception '%', p_refusal using errcode = '42501';
  end if;
end
$$;

-- The policies, one per command: everyone on the staff reads; writes as the roles allow.
-- `(select …)` is evaluated once per statement, not once per row.
drop policy "Staff manage cabins" on public.cabins;
drop policy "Staff manage guests" on public.guests;
drop policy "Staff manage bookings" on public.bookings;
drop policy "Staff manage settings" on public.settings;
drop policy "Staff manage staff" on public.staff;
drop policy "Staff manage staff invites" on public.staff_invites;

create policy "Staff read cabins" on public.cabins
  for select to authenticated using ((select public.is_staff()));
create policy "Admins add cabins" on public.cabins
  for insert to authenticated
  with check ((select private.admin_only('Only an admin can add, change or delete cabins')));
create policy "Admins change cabins" on public.cabins
  for update to authenticated
  using ((select private.admin_only('Only an admin can add, change or delete cabins')))
  with check ((select private.admin_only('Only an admin can add, change or delete cabins')));
create policy "Admins delete cabins" on public.cabins
  for delete to authenticated
  using ((select private.admin_only('Only an admin can add, change or delete cabins')));

create policy "Staff read guests" on public.guests
  for select to authenticated using ((select public.is_staff()));
create policy "Staff add guests" on public.guests
  for insert to authenticated with check ((select public.is_staff()));
create policy "Staff change guests" on public.guests
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "Admins delete guests" on public.guests
  for delete to authenticated using ((select private.admin_only('Only an admin can delete guests')));

create policy "Staff read bookings" on public.bookings
  for select to authenticated using ((select public.is_staff()));
create policy "Staff add bookings" on public.bookings
  for insert to authenticated with check ((select public.is_staff()));
create policy "Staff change bookings" on public.bookings
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "Admins delete bookings" on public.bookings
  for delete to authenticated using ((select private.admin_only('Only an admin can delete bookings')));

create policy "Staff read settings" on public.settings
  for select to authenticated using ((select public.is_staff()));
create policy "Admins add settings" on public.settings
  for insert to authenticated with check ((select private.admin_only('Only an admin can change the settings')));
create policy "Admins change settings" on public.settings
  for update to authenticated
  using ((select private.admin_only('Only an admin can change the settings')))
  with check ((select private.admin_only('Only an admin can change the settings')));
create policy "Admins delete settings" on public.settings
  for delete to authenticated using ((select private.admin_only('Only an admin can change the settings')));

-- Every staff member reads the list (the app reads its own role there); only admins change it.
create policy "Staff read staff" on public.staff
  for select to authenticated using ((select public.is_staff()));
create policy "Admins add staff" on public.staff
  for insert to authenticated
  with check ((select private.admin_only('Only an admin can create users or change roles')));
create policy "Admins change staff" on public.staff
  for update to authenticated
  using ((select private.admin_only('Only an admin can create users or change roles')))
  with check ((select private.admin_only('Only an admin can create users or change roles')));
create policy "Admins remove staff" on public.staff
  for delete to authenticated
  using ((select private.admin_only('Only an admin can create users or change roles')));

create policy "Admins manage staff invites" on public.staff_invites
  for all to authenticated
  using ((select private.admin_only('Only an admin can create users')))
  with check ((select private.admin_only('Only an admin can create users')));

-- Cabin pictures follow the cabins; avatars stay every staff member's. Plain checks here: Storage
-- answers a refused write with its own 403.
drop policy "Staff manage cabin images and avatars" on storage.objects;

create policy "Staff manage avatars" on storage.objects
  for all to authenticated
  using (bucket_id = 'avatars' and (select public.is_staff()))
  with check (bucket_id = 'avatars' and (select public.is_staff()));
create policy "Staff read cabin images" on storage.objects
  for select to authenticated using (bucket_id = 'cabin-images' and (select public.is_staff()));
create policy "Admins add cabin images" on storage.objects
  for insert to authenticated with check (bucket_id = 'cabin-images' and (select public.is_admin()));
create policy "Admins change cabin images" on storage.objects
  for update to authenticated
  using (bucket_id = 'cabin-images' and (select public.is_admin()))
  with check (bucket_id = 'cabin-images' and (select public.is_admin()));
create policy "Admins delete cabin images" on storage.objects
  for delete to authenticated using (bucket_id = 'cabin-images' and (select public.is_admin()));

-- The last admin can be neither demoted nor removed (nor deleted with their account). Checked after
-- a statement that took an admin away, under a lock held to the commit: of two admins demoting each
-- other at once, the second waits here for the first to commit, then sees that change as well as its
-- own, and is refused.
create function private.keep_an_admin() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from old_staff where role = 'admin') then
    return null;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('innkeeper: the last admin'));
  if not exists (select 1 from public.staff where role = 'admin') then
    raise exception 'Innkeeper needs at least one admin: make someone else an admin first'
      using errcode = '23514';
  end if;
  return null;
end
$$;

-- (A trigger with transition tables serves one event only.)
create trigger keep_an_admin_on_update after update on public.staff
referencing old table as old_staff
for each statement execute function private.keep_an_admin();
create trigger keep_an_admin_on_delete after delete on public.staff
referencing old table as old_staff
for each statement execute function private.keep_an_admin();

---------------------------------------------------------------------------------------------------
-- Invites carry the role
---------------------------------------------------------------------------------------------------

drop function public.invite_staff(text);

-- As before (…_staff_invites_bound_to_signup.sql), for admins only, with the new account's role.
create function public.invite_staff(p_email text, p_role text default 'front desk') returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
  -- Two random UUIDs: 244 random bits from the core server (pgcrypto is not everywhere).
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  perform private.require_admin('Only an admin can create users');
  if v_email is null or v_email !~ '^\S+@\S+\.\S+$' then
    raise exception 'Please enter a valid email address' using errcode = '22023';
  end if;
  if p_role is null or p_role not in ('admin', 'front desk') then
    raise exception 'A role is admin or front desk' using errcode = '22023';
  end if;
  if exists (select 1 from auth.users where lower(email) = v_email) then
    raise exception 'A user with this email address already exists' using errcode = '23505';
  end if;
  insert into public.staff_invites (email, invited_by, token_hash, role)
  values (v_email, auth.uid(), public.staff_invite_token_hash(v_token), p_role)
  on conflict (email) do update
    set invited_by = excluded.invited_by, token_hash = excluded.token_hash, role = excluded.role,
        created_at = now();
  return v_token;
end
$$;

create or replace function public.cancel_staff_invite(p_token text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only an admin can create users');
  delete from public.staff_invites where token_hash = public.staff_invite_token_hash(p_token);
end
$$;

create or replace function public.grant_staff_from_invite() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_token text := new.raw_user_meta_data ->> 'staff_invite_token';
  v_invite public.staff_invites;
begin
  delete from public.staff_invites where email = lower(new.email) returning * into v_invite;
  if new.raw_user_meta_data ? 'staff_invite_token' then
    update auth.users set raw_user_meta_data = raw_user_meta_data - 'staff_invite_token' where id = new.id;
  end if;
  if v_token is not null
    and v_invite.token_hash = public.staff_invite_token_hash(v_token)
    and v_invite.created_at > now() - interval '10 minutes'
  then
    insert into public.staff (user_id, role) values (new.id, v_invite.role) on conflict do nothing;
  end if;
  return new;
end
$$;

---------------------------------------------------------------------------------------------------
-- What admins do to staff accounts
---------------------------------------------------------------------------------------------------

-- The staff with what the Users screen shows of them (auth.users is not the API's to read).
create function public.list_staff()
returns table (user_id uuid, email text, "fullName" text, role text, created_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only an admin can see the staff list');
  return query
    select s.user_id, u.email::text, coalesce(u.raw_user_meta_data ->> 'fullName', ''), s.role, s.created_at
      from public.staff s
      join auth.users u on u.id = s.user_id
     order by lower(coalesce(u.raw_user_meta_data ->> 'fullName', '')), u.email;
end
$$;

-- Raised as PostgREST's own error with status 404 (see change_booking in …_reservations_desk.sql).
create function private.staff_member_not_found() returns void
language plpgsql
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = '{"code":"P0002","message":"This staff member does not exist","details":null,"hint":null}',
    detail = '{"status":404,"headers":{}}';
end
$$;

create function public.set_staff_role(p_user_id uuid, p_role text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only an admin can create users or change roles');
  if p_role is null or p_role not in ('admin', 'front desk') then
    raise exception 'A role is admin or front desk' using errcode = '22023';
  end if;
  update public.staff set role = p_role where user_id = p_user_id and role <> p_role;
  if not found and not exists (select 1 from public.staff where user_id = p_user_id) then
    perform private.staff_member_not_found();
  end if;
end
$$;

-- The account stays (its bookings' history names it); its staff rights and its sessions end now: the
-- access token it holds is refused by every policy and function at once, and it cannot refresh.
create function public.remove_staff(p_user_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only an admin can remove staff access');
  delete from public.staff where user_id = p_user_id;
  if not found then
    perform private.staff_member_not_found();
  end if;
  delete from auth.sessions where user_id = p_user_id;
end
$$;

-- A new password's bcrypt hash (cost 10), as GoTrue and the embedded auth store them: pgcrypto's $2a$
-- hashes are read by both. The embedded backend runs PGlite without pgcrypto (35 MB less memory), so
-- it hashes the call's password in Node and hands the hash over for that transaction in
-- `innkeeper.password_hash` (src/server/rest/passwordHash.ts); no API caller can set that setting.
-- (PL/pgSQL: pgcrypto's library is loaded only when the statement that calls it first runs.)
create function private.password_hash(p_password text) returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_handed_over text := nullif(current_setting('innkeeper.password_hash', true), '');
begin
  if v_handed_over is not null then
    return v_handed_over;
  end if;
  return extensions.crypt(p_password, extensions.gen_salt('bf', 10));
end
$$;

-- For a staff member who forgot their password (a local desk sends no email); every session of that
-- person ends. One's own password is changed on the Account screen, which asks for the current one.
create function public.set_staff_password(p_user_id uuid, p_password text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin('Only an admin can set a new password for someone else');
  if p_user_id = auth.uid() then
    raise exception 'Change your own password on the Account screen' using errcode = '22023';
  end if;
  if not exists (select 1 from public.staff where user_id = p_user_id) then
    perform private.staff_member_not_found();
  end if;
  if p_password is null or char_length(p_password) < 8 then
    raise exception 'Password must be at least 8 characters long' using errcode = '22023';
  end if;
  if octet_length(p_password) > 72 then
    raise exception 'Password cannot be longer than 72 characters' using errcode = '22023';
  end if;
  update auth.users
     set encrypted_password = private.password_hash(p_password), updated_at = now()
   where id = p_user_id;
  delete from auth.sessions where user_id = p_user_id;
  insert into public.activity_log (user_id, user_email, user_name, table_name, row_id, action)
  select a.user_id, a.user_email, a.user_name, 'staff', p_user_id::text, 'set password'
    from private.activity_author() a;
end
$$;

---------------------------------------------------------------------------------------------------
-- The activity log
---------------------------------------------------------------------------------------------------

-- `changes` maps each field to {"old": …, "new": …}: the changed fields of an update, the row's
-- fields (without nulls) with "new" for an insert and "old" for a delete. The author's email and name
-- are kept as they were at the time (the account may change or go).
create table public.activity_log (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  user_id uuid,
  user_email text,
  user_name text,
  table_name text not null
    constraint activity_log_table_known check (table_name in ('bookings', 'cabins', 'guests', 'settings', 'staff')),
  row_id text not null,
  action text not null
    constraint activity_log_action_known check (action in ('insert', 'update', 'delete', 'set password')),
  changes jsonb not null default '{}'
);

-- Newest first (created_at, then id within one transaction), filtered by person, by kind of record,
-- by both, each with a date range on created_at; and one record's own history.
create index activity_log_created_at_idx on public.activity_log (created_at, id);
create index activity_log_user_idx on public.activity_log (user_id, created_at, id);
create index activity_log_table_idx on public.activity_log (table_name, created_at, id);
create index activity_log_user_table_idx on public.activity_log (user_id, table_name, created_at, id);
create index activity_log_row_idx on public.activity_log (table_name, row_id, created_at, id);

-- Readable by admins through the API, writable by nobody: not the service role either (a project's
-- default privileges give the API roles everything on a new table, so it is taken back here).
revoke all on public.activity_log from public, anon, authenticated, service_role;
revoke all on sequence public.activity_log_id_seq from public, anon, authenticated, service_role;
grant select on public.activity_log to authenticated, service_role;

alter table public.activity_log enable row level security;
create policy "Admins read the activity log" on public.activity_log
  for select to authenticated using ((select public.is_admin()));

-- Append-only for the table's owner too (migrations, the SQL editor): an entry is never rewritten.
create function private.refuse_activity_log_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The activity log cannot be changed' using errcode = '42501';
end
$$;

create trigger refuse_activity_log_change before update or delete on public.activity_log
for each row execute function private.refuse_activity_log_change();
create trigger refuse_activity_log_truncate before truncate on public.activity_log
for each statement execute function private.refuse_activity_log_change();

-- Who is making the change: the request's user, with the email and name their account has now; no one
-- (null) for the service role and for work done directly on the database (the demo seed, scripts).
create function private.activity_author()
returns table (user_id uuid, user_email text, user_name text)
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid(), coalesce(u.email::text, auth.email()), u.raw_user_meta_data ->> 'fullName'
    from (select 1) as one
    left join auth.users u on u.id = auth.uid()
$$;

create function private.log_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_row jsonb := coalesce(v_new, v_old);
  v_changes jsonb;
begin
  select coalesce(jsonb_object_agg(f.key, case tg_op
                                             when 'INSERT' then jsonb_build_object('new', f.value)
                                             when 'DELETE' then jsonb_build_object('old', f.value)
                                             else jsonb_build_object('old', v_old -> f.key, 'new', f.value)
                                           end), '{}')
    into v_changes
    from jsonb_each(v_row) f
   -- A secret never enters the log, whatever column a table gains one day.
   where f.key !~* '(password|token|secret|hash)'
     and case tg_op
           when 'UPDATE' then (v_old -> f.key) is distinct from (v_new -> f.key)
           else f.value <> 'null'
         end;
  -- An update that changed nothing is no event.
  if tg_op = 'UPDATE' and v_changes = '{}' then
    return null;
  end if;
  insert into public.activity_log (user_id, user_email, user_name, table_name, row_id, action, changes)
  select a.user_id, a.user_email, a.user_name, tg_table_name,
         coalesce(v_row ->> 'id', v_row ->> 'user_id'), lower(tg_op), v_changes
    from private.activity_author() a;
  return null;
end
$$;

create trigger log_activity after insert or update or delete on public.bookings
for each row execute function private.log_activity();
create trigger log_activity after insert or update or delete on public.cabins
for each row execute function private.log_activity();
create trigger log_activity after insert or update or delete on public.guests
for each row execute function private.log_activity();
create trigger log_activity after insert or update or delete on public.settings
for each row execute function private.log_activity();
create trigger log_activity after insert or update or delete on public.staff
for each row execute function private.log_activity();

---------------------------------------------------------------------------------------------------
-- Who may call what
---------------------------------------------------------------------------------------------------

revoke execute on function
  public.staff_role(),
  public.is_admin(),
  private.admin_only(text),
  private.require_admin(text),
  private.keep_an_admin(),
  public.invite_staff(text, text),
  public.list_staff(),
  private.staff_member_not_found(),
  public.set_staff_role(uuid, text),
  public.remove_staff(uuid),
  private.password_hash(text),
  public.set_staff_password(uuid, text),
  private.refuse_activity_log_change(),
  private.activity_author(),
  private.log_activity()
  from public, anon, authenticated, service_role;
grant execute on function
  public.staff_role(),
  public.is_admin(),
  private.admin_only(text),
  private.require_admin(text),
  public.invite_staff(text, text),
  public.list_staff(),
  private.staff_member_not_found(),
  public.set_staff_role(uuid, text),
  public.remove_staff(uuid),
  public.set_staff_password(uuid, text)
  to authenticated, service_role;

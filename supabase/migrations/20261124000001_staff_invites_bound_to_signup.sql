-- A staff invite is bound to the sign-up it was made for. Before, any new account registering an
-- invited address within a day became staff, so a stranger who held the address first could make
-- the staff member's sign-up fail, move their own account's email away and register the address
-- again themselves. Now:
--   * an address that already has an account cannot be invited;
--   * invite_staff returns a one-time token (only its hash is stored) that the staff member's
--     sign-up carries in its user metadata (`staff_invite_token`); only a new account carrying the
--     token of a fresh invite for its exact address becomes staff;
--   * any sign-up of the address consumes the invite, the token is removed from the new account's
--     metadata, and a sign-up that failed is cancelled by the app (cancel_staff_invite); the short
--     freshness window covers an app that crashed in between;
--   * staff rights stay with the account (public.staff.user_id): changing an email neither moves
--     nor frees them, and the trigger runs on insert only.

-- Invites made by the old function carry no token and could never be used again.
delete from public.staff_invites;
alter table public.staff_invites add column token_hash text not null;

create function public.staff_invite_token_hash(p_token text) returns text
language sql
immutable
set search_path = ''
as $$
  select encode(pg_catalog.sha256(pg_catalog.convert_to(p_token, 'UTF8')), 'hex')
$$;

-- Only the functions below (running as the owner) use it.
revoke execute on function public.staff_invite_token_hash(text) from public, anon, authenticated;

drop function public.invite_staff(text);

-- Runs as the owner to see whether the address already has an account (auth.users is not the
-- caller's to read); the first check keeps it to staff and the service role.
create function public.invite_staff(p_email text) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
  -- Two random UUIDs: 244 random bits from the core server (pgcrypto is not everywhere).
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  if not (public.is_staff() or auth.role() = 'service_role') then
    raise exception 'Only staff can create staff users' using errcode = '42501';
  end if;
  if v_email is null or v_email !~ '^\S+@\S+\.\S+$' then
    raise exception 'Please enter a valid email address' using errcode = '22023';
  end if;
  if exists (select 1 from auth.users where lower(email) = v_email) then
    raise exception 'A user with this email address already exists' using errcode = '23505';
  end if;
  insert into public.staff_invites (email, invited_by, token_hash)
  values (v_email, auth.uid(), public.staff_invite_token_hash(v_token))
  on conflict (email) do update
    set invited_by = excluded.invited_by, token_hash = excluded.token_hash, created_at = now();
  return v_token;
end
$$;

revoke execute on function public.invite_staff(text) from public, anon;
grant execute on function public.invite_staff(text) to authenticated, service_role;

-- The app calls this when the sign-up after invite_staff failed, so no invite outlives it.
create function public.cancel_staff_invite(p_token text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (public.is_staff() or auth.role() = 'service_role') then
    raise exception 'Only staff can create staff users' using errcode = '42501';
  end if;
  delete from public.staff_invites where token_hash = public.staff_invite_token_hash(p_token);
end
$$;

revoke execute on function public.cancel_staff_invite(text) from public, anon;
grant execute on function public.cancel_staff_invite(text) to authenticated, service_role;

-- Same trigger, new rule: the invite for the new address is consumed by any sign-up, and grants
-- staff only to the one carrying its token while it is fresh.
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
    insert into public.staff (user_id) values (new.id) on conflict do nothing;
  end if;
  return new;
end
$$;

-- The token has done its work once the account exists; it must not linger where the user or a
-- token's claims show it. GoTrue copies sign-up data into the identity, and writes its in-memory
-- copy of the metadata back after the insert (confirming the email), so both are stripped there too.
create function public.strip_staff_invite_token() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_table_name = 'identities' then
    new.identity_data := new.identity_data - 'staff_invite_token';
  else
    new.raw_user_meta_data := new.raw_user_meta_data - 'staff_invite_token';
  end if;
  return new;
end
$$;

revoke execute on function public.strip_staff_invite_token() from public, anon, authenticated;

create trigger strip_staff_invite_token before update on auth.users
for each row when (new.raw_user_meta_data ? 'staff_invite_token')
execute function public.strip_staff_invite_token();

create trigger strip_staff_invite_token before insert or update on auth.identities
for each row when (new.identity_data ? 'staff_invite_token')
execute function public.strip_staff_invite_token();

-- The activity log names the admin who created a staff account, not the account itself.
--
-- An admin creates a user in two steps (…_staff_invites_bound_to_signup.sql): invite_staff, then the
-- new account's own sign-up, whose trigger makes it staff. That insert ran in the sign-up's request,
-- so its log entry was authored by the new account (or by no one): "New Colleague gave New Colleague
-- staff access". The trigger now names the invite's admin as the author of that one insert.

-- The author, as before (…_calendar_and_audit_speed.sql: inlined into the trigger's query), unless a
-- security definer function of ours acts for someone else within this transaction. Nothing the API
-- exposes sets this setting: requests set only request.* settings, and set_config is not callable
-- through the API.
create or replace function private.activity_author()
returns table (user_id uuid, user_email text, user_name text)
language sql
stable
as $$
  select coalesce(acting.id, auth.uid()),
         coalesce(u.email::text, case when acting.id is null then auth.email() end),
         u.raw_user_meta_data ->> 'fullName'
    from (select nullif(current_setting('innkeeper.activity_author', true), '')::uuid as id) as acting
    left join auth.users u on u.id = coalesce(acting.id, auth.uid())
$$;

revoke execute on function private.activity_author() from public, anon, authenticated, service_role;

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
    -- The admin who invited is the author of the access given; only for this insert.
    perform set_config('innkeeper.activity_author', coalesce(v_invite.invited_by::text, ''), true);
    insert into public.staff (user_id, role) values (new.id, v_invite.role) on conflict do nothing;
    perform set_config('innkeeper.activity_author', '', true);
  end if;
  return new;
end
$$;

-- Speed for the calendar's window (issue 17) and the audit triggers (issue 18).

---------------------------------------------------------------------------------------------------
-- The calendar's guest names, from an index alone
---------------------------------------------------------------------------------------------------

-- calendar_window (…_calendar.sql) looks up the guest of each of the window's few thousand stays by
-- id. From the primary key each look-up also read the guest's heap page, one random page of the
-- guests table per stay: most of the window's time at 100 000 guests. With the two fields the bar
-- shows beside the id, each look-up is an index-only scan.
create index guests_id_name_flag_idx on public.guests (id) include ("fullName", "countryFlag");

---------------------------------------------------------------------------------------------------
-- The audit triggers
---------------------------------------------------------------------------------------------------

-- The author of an entry, as before (…_roles_and_activity.sql), now inlined into the query that calls
-- it. As a security definer function with its own search_path, a SQL function is called (and its
-- query parsed and planned) anew for every audited row: that was most of what each trigger cost. Its
-- callers are security definer functions with an empty search_path (log_activity and
-- set_staff_password), so once inlined its body still runs with their rights and reads auth.users;
-- every name in it is schema-qualified. Nobody else may execute it.
create or replace function private.activity_author()
returns table (user_id uuid, user_email text, user_name text)
language sql
stable
as $$
  select auth.uid(), coalesce(u.email::text, auth.email()), u.raw_user_meta_data ->> 'fullName'
    from (select 1) as one
    left join auth.users u on u.id = auth.uid()
$$;

revoke execute on function private.activity_author() from public, anon, authenticated, service_role;

-- The same entries as before. An update turns only the new row into jsonb pairs and compares each
-- with the old value first (the secret-name test then runs on the changed fields only); an insert or
-- a delete converts its one row.
create or replace function private.log_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row jsonb;
  v_old jsonb;
  v_changes jsonb;
begin
  if tg_op = 'UPDATE' then
    v_row := to_jsonb(new);
    v_old := to_jsonb(old);
    select jsonb_object_agg(f.key, jsonb_build_object('old', v_old -> f.key, 'new', f.value))
      into v_changes
      from jsonb_each(v_row) f
     where f.value is distinct from v_old -> f.key
       -- A secret never enters the log, whatever column a table gains one day.
       and f.key !~* '(password|token|secret|hash)';
    -- An update that changed nothing (but secrets) is no event.
    if v_changes is null then
      return null;
    end if;
  else
    v_row := case tg_op when 'INSERT' then to_jsonb(new) else to_jsonb(old) end;
    select coalesce(jsonb_object_agg(f.key, jsonb_build_object(case tg_op when 'INSERT' then 'new' else 'old' end,
                                                               f.value)), '{}')
      into v_changes
      from jsonb_each(v_row) f
     where f.value <> 'null'
       and f.key !~* '(password|token|secret|hash)';
  end if;
  insert into public.activity_log (user_id, user_email, user_name, table_name, row_id, action, changes)
  select a.user_id, a.user_email, a.user_name, tg_table_name,
         coalesce(v_row ->> 'id', v_row ->> 'user_id'), lower(tg_op), v_changes
    from private.activity_author() a;
  return null;
end
$$;

-- Live updates (issue 19): every committed change of the app's tables reaches Realtime subscribers.
--
-- On hosted Supabase (and `supabase start`) the publication `supabase_realtime` exists and Supabase's
-- own Realtime reads the changes from the WAL: the tables are added to it, and nothing else is made.
-- Everywhere else (the embedded backend on PGlite or PostgreSQL) there is no such publication: one
-- trigger function sends each row change with pg_notify on channel `innkeeper_realtime`, after which
-- the backend's Realtime endpoint (src/server/realtime/) delivers it. NOTIFY is delivered only after
-- commit, in commit order, and never for a transaction rolled back.
--
-- The payload: {"t": table, "o": INSERT|UPDATE|DELETE, "k": primary key, "r": the new row, "x": the
-- old row}. A NOTIFY payload is at most 8000 bytes: a row too big to fit travels as its primary key
-- only ("r"/"x" absent), and the backend reads it after commit instead. The trigger's arguments are
-- the table's primary-key columns, so it reads no catalog per row.

create function private.realtime_notify() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_row jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
  v_key jsonb := '{}';
  v_column text;
  v_payload text;
begin
  foreach v_column in array tg_argv loop
    v_key := v_key || jsonb_build_object(v_column, v_row -> v_column);
  end loop;
  v_payload := jsonb_build_object('t', tg_table_name, 'o', tg_op, 'k', v_key,
                                  case when tg_op = 'DELETE' then 'x' else 'r' end, v_row)::text;
  if octet_length(v_payload) > 7900 then
    v_payload := jsonb_build_object('t', tg_table_name, 'o', tg_op, 'k', v_key)::text;
  end if;
  perform pg_notify('innkeeper_realtime', v_payload);
  return null;
end
$$;

revoke execute on function private.realtime_notify() from public, anon, authenticated, service_role;

do $$
declare
  v_table text;
  v_hosted boolean := exists (select 1 from pg_publication where pubname = 'supabase_realtime');
  v_all_tables boolean := exists (select 1 from pg_publication where pubname = 'supabase_realtime' and puballtables);
  v_key text;
begin
  foreach v_table in array array['bookings', 'cabins', 'guests', 'settings', 'staff', 'activity_log'] loop
    continue when to_regclass('public.' || v_table) is null;
    if v_hosted then
      if not v_all_tables and not exists (select 1 from pg_publication_tables
                                            where pubname = 'supabase_realtime'
                                              and schemaname = 'public' and tablename = v_table) then
        execute format('alter publication supabase_realtime add table public.%I', v_table);
      end if;
    else
      select string_agg(quote_literal(a.attname), ', ' order by k.ord)
        into v_key
        from pg_index i
        cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
       where i.indrelid = ('public.' || v_table)::regclass and i.indisprimary;
      execute format('create trigger realtime_changes after insert or update or delete on public.%I
                      for each row execute function private.realtime_notify(%s)', v_table, v_key);
    end if;
  end loop;
end
$$;

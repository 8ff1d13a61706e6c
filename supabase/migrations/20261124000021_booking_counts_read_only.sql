-- booking_counts is written by its triggers alone. On hosted Supabase (and `supabase start`) a new
-- table in public comes with every privilege for the API roles, by default privileges, so the grant of
-- select alone in the booking counts migration left them insert, update, delete and truncate: service
-- role, which skips row level security, could have rewritten the counts. Only reading is theirs.
revoke insert, update, delete, truncate, references, trigger on public.booking_counts
  from public, anon, authenticated, service_role;

-- booking_counts is written by its triggers alone. Where a Supabase project's default privileges give
-- the API roles every privilege on a new table in public (every project until 2026, and existing
-- tables keep what they got), granting select alone in the booking counts migration left them insert,
-- update, delete and truncate: service_role, which skips row level security, could rewrite the counts.
-- Only reading is theirs.
revoke insert, update, delete, truncate, references, trigger on public.booking_counts
  from public, anon, authenticated, service_role;

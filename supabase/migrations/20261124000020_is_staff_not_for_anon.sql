-- Anon never needs to know whether the caller is staff: every policy that asks is `to authenticated`
-- (so for anon it is not even evaluated, and anon still reads empty lists and is refused writes with
-- 42501), and the functions that ask are not executable by anon. Supabase's security advisor flags a
-- security definer function anon may execute; this one no longer is.
revoke execute on function public.is_staff() from anon;

-- numeric holds 'NaN', 'Infinity' and '-Infinity' besides numbers, and the rules' comparisons let them
-- through ('NaN' = 'NaN', and 'NaN' is greater than every number), so one such price made every sum
-- of the dashboard NaN. No amount is ever one of them: refused with 23514 (HTTP 400), the constraint's
-- name telling the UI which field. The integer columns (nights, guests, limits) cannot hold them.
--
-- Rows holding one already would make this migration stop, naming the constraint: nobody can guess what
-- such a price should have been, and keeping it would keep the figures wrong. Correct the row by hand
-- (it could only have come from a hand-made request; the app's forms never send one), then start again.
alter table public.cabins
  add constraint "cabins_regularPrice_finite" check ("regularPrice" not in ('NaN', 'Infinity', '-Infinity')),
  add constraint cabins_discount_finite check (discount not in ('NaN', 'Infinity', '-Infinity'));

alter table public.bookings
  add constraint "bookings_cabinPrice_finite" check ("cabinPrice" not in ('NaN', 'Infinity', '-Infinity')),
  add constraint "bookings_extrasPrice_finite" check ("extrasPrice" not in ('NaN', 'Infinity', '-Infinity')),
  add constraint "bookings_totalPrice_finite" check ("totalPrice" not in ('NaN', 'Infinity', '-Infinity'));

alter table public.settings
  add constraint "settings_breakfastPrice_finite"
  check ("breakfastPrice" not in ('NaN', 'Infinity', '-Infinity'));

-- numeric holds 'NaN', 'Infinity' and '-Infinity' besides numbers, and the rules' comparisons let them
-- through ('NaN' = 'NaN', and 'NaN' is greater than every number), so one such price made every sum
-- of the dashboard NaN. No amount is ever one of them: refused with 23514 (HTTP 400), the constraint's
-- name telling the UI which field. The integer columns (nights, guests, limits) cannot hold them.
--
-- The constraints are `not valid`: rows written before them are not checked, so a desk whose data holds
-- such an amount (only a hand-made request could have written one) still starts. Nobody can guess what
-- that price should have been; the row's next edit is refused until its amount is a number again.
alter table public.cabins
  add constraint "cabins_regularPrice_finite" check ("regularPrice" not in ('NaN', 'Infinity', '-Infinity')) not valid,
  add constraint cabins_discount_finite check (discount not in ('NaN', 'Infinity', '-Infinity')) not valid;

alter table public.bookings
  add constraint "bookings_cabinPrice_finite" check ("cabinPrice" not in ('NaN', 'Infinity', '-Infinity')) not valid,
  add constraint "bookings_extrasPrice_finite" check ("extrasPrice" not in ('NaN', 'Infinity', '-Infinity')) not valid,
  add constraint "bookings_totalPrice_finite" check ("totalPrice" not in ('NaN', 'Infinity', '-Infinity')) not valid;

alter table public.settings
  add constraint "settings_breakfastPrice_finite"
  check ("breakfastPrice" not in ('NaN', 'Infinity', '-Infinity')) not valid;

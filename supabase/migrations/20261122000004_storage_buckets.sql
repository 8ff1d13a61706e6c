-- Cabin images and staff avatars. Public buckets: anyone may GET /storage/v1/object/public/… (an
-- <img src> sends no token), but only staff may upload, replace or remove. Image types only; SVG is
-- left out because it can carry script.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('cabin-images', 'cabin-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif']),
  ('avatars', 'avatars', true, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Staff manage cabin images and avatars" on storage.objects
  for all to authenticated
  using (bucket_id in ('cabin-images', 'avatars') and (select public.is_staff()))
  with check (bucket_id in ('cabin-images', 'avatars') and (select public.is_staff()));

-- The business's own name, shown in the app beside Innkeeper's. The owner gives it on the desktop
-- app's first run; empty until someone sets it (the demo, a hosted project: the settings row can be
-- updated like any other setting).
alter table public.settings
  add column "businessName" text not null default ''
  constraint "settings_businessName_length" check (char_length("businessName") <= 100);

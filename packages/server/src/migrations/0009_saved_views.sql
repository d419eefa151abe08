-- Saved views: a list's filters kept under a name by one admin, opened again from the palette and
-- the sidebar. Nobody else reads them, so they hang off the admin; deleting the admin row (which
-- the console never does: admins are only marked deleted) takes them along.
create table saved_views (
  id serial primary key,
  admin_id integer not null references admins (id) on delete cascade,
  name text not null,
  -- the list command whose filters these are (core's registry), and the console page to open
  list_id text not null,
  page text not null,
  -- the filters as the page's URL holds them: {"role": "staff"}
  filters jsonb not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- One name per admin and list, whatever its case: the 409 of two saves racing with one name.
-- Led by admin_id, it also serves "my views".
create unique index saved_views_name on saved_views (admin_id, list_id, lower(name));

-- Admins, departments and the permissions granted to each.
create table departments (
  id serial primary key,
  name text not null unique,
  description text not null default '',
  created_at timestamptz not null default now()
);

create table admins (
  id serial primary key,
  email text not null,
  first_name text not null,
  last_name text not null,
  role text not null check (role in ('super_admin', 'admin', 'staff')),
  -- null until the admin sets a password through their invitation link
  password_hash text,
  created_at timestamptz not null default now(),
  created_by integer references admins (id),
  last_login_at timestamptz,
  password_changed_at timestamptz,
  -- admins are never removed, so that the audit log keeps naming them
  deleted_at timestamptz
);
create unique index admins_email_live on admins (email) where deleted_at is null;

create table department_permissions (
  department_id integer not null references departments (id) on delete cascade,
  permission text not null,
  granted_by integer references admins (id),
  granted_at timestamptz not null default now(),
  primary key (department_id, permission)
);

create table admin_departments (
  admin_id integer not null references admins (id) on delete cascade,
  department_id integer not null references departments (id) on delete cascade,
  primary key (admin_id, department_id)
);
create index admin_departments_department on admin_departments (department_id);

create table admin_permissions (
  admin_id integer not null references admins (id) on delete cascade,
  permission text not null,
  granted_by integer references admins (id),
  granted_at timestamptz not null default now(),
  primary key (admin_id, permission)
);

insert into departments (name, description) values
  ('Operations', 'Runs merchants, terminals and day-to-day back-office work'),
  ('Risk & Compliance', 'KYC review, fraud controls and blacklists'),
  ('Customer Support', 'Answers merchants and fixes their accounts'),
  ('Finance', 'Settlements, reversals, transfers and reconciliation'),
  ('Sales', 'Merchant acquisition, terminal requests and field visits'),
  ('Terminals & Logistics', 'Terminal inventory, deployment and delivery'),
  ('Engineering', 'Builds and runs the platform'),
  ('Management', 'Leadership and approvals');

-- Issue 20: versioned field sheets. The terminal mastersheet, location sheet and weekly
-- visitation sheet are kept by the merchant support team outside the system and uploaded whole;
-- each upload of a source is its next version, its rows kept as written.

create table sheet_versions (
  id integer generated always as identity primary key,
  source text not null check (source in ('terminal-mastersheet', 'terminal-location-sheet', 'terminal-weekly-visitation-sheet')),
  -- 1, 2, 3 … per source; two uploads racing for the same number: one gets a unique violation (409).
  version integer not null check (version > 0),
  tag text not null default '' check (length(tag) <= 80),
  file_name text not null,
  format text not null check (format in ('csv', 'xlsx')),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  row_count integer not null check (row_count >= 0),
  linked_count integer not null default 0 check (linked_count >= 0),
  flagged_count integer not null default 0 check (flagged_count >= 0),
  uploaded_by integer references admins (id),
  uploaded_at timestamptz not null default now()
);
create unique index sheet_versions_source_version on sheet_versions (source, version);
create index sheet_versions_uploaded on sheet_versions (source, uploaded_at);

-- One row of a version, keyed (the TID; on the weekly sheet the week and the TID) so versions can
-- be compared; linked to the terminal and merchant the system knows, flagged where it contradicts it.
create table sheet_rows (
  id integer generated always as identity primary key,
  version_id integer not null references sheet_versions (id) on delete cascade,
  row_number integer not null check (row_number > 0),
  key text not null,
  -- The TID as written, upper-case, and the serial number when the sheet has one.
  tid text not null,
  serial_no text not null default '',
  merchant_name text not null default '',
  cells jsonb not null,
  terminal_id integer references terminals (id) on delete set null,
  business_id integer references businesses (id) on delete set null,
  flag text,
  unique (version_id, key)
);
create index sheet_rows_version on sheet_rows (version_id, row_number);
-- Exact and prefix searches by TID (text_pattern_ops serves both).
create index sheet_rows_tid on sheet_rows (tid text_pattern_ops);
create index sheet_rows_serial on sheet_rows (serial_no) where serial_no <> '';
create index sheet_rows_flagged on sheet_rows (version_id, row_number) where flag is not null;
-- Prefix searches by merchant name (lower(...) like 'text%').
create index sheet_rows_merchant_prefix on sheet_rows (lower(merchant_name) text_pattern_ops);
create index sheet_rows_terminal on sheet_rows (terminal_id) where terminal_id is not null;

-- What an audit entry says happened, written with it in the command's transaction: the admin's
-- name, what the command acted on (its kind, its key for the console's link, its name and, for a
-- bulk command, how many rows) and the entry as one sentence. Stored rather than joined when read,
-- so the log keeps saying what was true then after a rename, and its list and CSV need no joins.
alter table audit_log
  add column admin_name text,
  add column summary text,
  add column subject_kind text,
  add column subject_id text,
  add column subject_name text,
  add column subject_count integer;

-- Entries written before: their admin's name as it is now, the best there is. Their sentence and
-- subject are told from the command and the input when they are read.
update audit_log l
set admin_name = trim(a.first_name || ' ' || a.last_name)
from admins a
where a.id = l.admin_id;

-- Security hardening: pending resets and forced password changes, device ids kept only as
-- fingerprints outside admin_devices, per-device sign-in limits, and Idempotency-Key leases.

-- Another admin reset this admin's password: the old one no longer signs in (until a new one is
-- set through the emailed link). The generated first super-admin password must be changed at the
-- first sign-in.
alter table admins add column password_reset_pending_at timestamptz;
alter table admins add column must_change_password boolean not null default false;

-- `change`: the short-lived link a sign-in hands out when the password must be changed first.
alter table password_tokens drop constraint password_tokens_purpose_check;
alter table password_tokens add constraint password_tokens_purpose_check check (purpose in ('invite', 'reset', 'change'));

-- A device id plus the admin's password signs in without a code: the id is a credential, kept
-- like a session token — as its SHA-256 (hex) — so a copy of the database signs nobody in. The
-- audit log keeps an 8-hex-digit fingerprint of it (the hash's first 8), never the id, also
-- inside inputs.
alter table admin_devices rename column device_id to device_hash;
update admin_devices set device_hash = encode(sha256(convert_to(device_hash, 'UTF8')), 'hex');
alter table audit_log rename column device_id to device_fingerprint;
update audit_log set device_fingerprint = left(encode(sha256(convert_to(device_fingerprint, 'UTF8')), 'hex'), 8)
  where device_fingerprint is not null;
update audit_log
  set input = jsonb_set(input, '{device,deviceId}', to_jsonb(left(encode(sha256(convert_to(input #>> '{device,deviceId}', 'UTF8')), 'hex'), 8)))
  where jsonb_typeof(input #> '{device,deviceId}') = 'string';

-- Failed sign-ins sent with a device the admin approved are limited per device, so a stolen
-- device id does not give unlimited guesses (and an attacker elsewhere cannot lock it out).
alter table login_attempts add column device_fingerprint text;
create index login_attempts_device on login_attempts (email, device_fingerprint, at) where not succeeded;

-- A claim made outside a transaction (commands that call a bank first) holds its key for a
-- lease; a claim whose process died is taken over once the lease is over. Claims made inside the
-- command's transaction need none: a crash rolls them back with the work.
alter table idempotency_keys add column lease_expires_at timestamptz;
update idempotency_keys set lease_expires_at = now() where status = 'running';

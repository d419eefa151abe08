import type { DeviceInput, DeviceRequest } from '@traction/core';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { containsPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestampOrNull } from '../../db/timestamps';
import { sha256 } from '../../crypto';

type Db = Kysely<Database>;

export function findDevice(db: Db, adminId: number, deviceId: string) {
  return db.selectFrom('admin_devices').selectAll().where('admin_id', '=', adminId).where('device_hash', '=', sha256(deviceId)).executeTakeFirst();
}

/** Records (or refreshes) a pending request for a device, with a fresh hashed code. */
export async function upsertPendingDevice(db: Db, args: { adminId: number; device: Required<DeviceInput>; now: Date; codeExpiresAt: Date }): Promise<number> {
  const { device } = args;
  const row = await db
    .insertInto('admin_devices')
    .values({
      admin_id: args.adminId,
      device_hash: sha256(device.deviceId),
      device_model: device.deviceModel,
      browser_name: device.browserName,
      browser_version: device.browserVersion,
      device_type: device.deviceType,
      status: 'pending',
      requested_at: args.now,
      code_expires_at: args.codeExpiresAt,
    })
    .onConflict((oc) =>
      oc.columns(['admin_id', 'device_hash']).doUpdateSet({
        device_model: device.deviceModel,
        browser_name: device.browserName,
        browser_version: device.browserVersion,
        device_type: device.deviceType,
        requested_at: args.now,
        code_expires_at: args.codeExpiresAt,
        code_attempts: 0,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setDeviceCode(db: Db, deviceRowId: number, codeHash: string | null): Promise<void> {
  await db.updateTable('admin_devices').set({ code_hash: codeHash }).where('id', '=', deviceRowId).execute();
}

/** Device requests with the admin they belong to, as the Device Authorization page lists them. */
export function deviceRequestsQuery(db: Db) {
  return db
    .selectFrom('admin_devices as d')
    .innerJoin('admins as a', 'a.id', 'd.admin_id')
    .leftJoin('admins as decider', 'decider.id', 'd.decided_by')
    .select([
      'd.id',
      'd.admin_id',
      'a.email as admin_email',
      sql<string>`a.first_name || ' ' || a.last_name`.as('admin_name'),
      'a.role as admin_role',
      deviceFingerprintSql('d.device_hash').as('device_fingerprint'),
      'd.device_model',
      'd.browser_name',
      'd.browser_version',
      'd.device_type',
      'd.status',
      'd.whitelisted',
      'd.requested_at',
      'd.decided_at',
      'decider.email as decided_by_email',
      'd.last_seen_at',
    ])
    .where('a.deleted_at', 'is', null);
}

/**
 * The admin's email or name containing the text, or the device's fingerprint — never the device
 * id: searching ids would confirm a guessed credential. For `deviceRequestsQuery`.
 */
export function deviceRequestSearch(text: string): Expression<SqlBool> {
  const pattern = containsPattern(text);
  return sql<SqlBool>`(a.email ilike ${pattern} or (a.first_name || ' ' || a.last_name) ilike ${pattern} or ${deviceFingerprintSql('d.device_hash')} = ${text.toLowerCase()})`;
}

export function toDeviceRequest(row: RowOf<typeof deviceRequestsQuery>): DeviceRequest {
  return {
    id: row.id,
    adminId: row.admin_id,
    adminEmail: row.admin_email,
    adminName: row.admin_name,
    deviceFingerprint: row.device_fingerprint,
    deviceModel: row.device_model,
    browserName: row.browser_name,
    browserVersion: row.browser_version,
    deviceType: row.device_type,
    status: row.status,
    whitelisted: row.whitelisted,
    requestedAt: row.requested_at.toISOString(),
    decidedAt: isoTimestampOrNull(row.decided_at),
    decidedBy: row.decided_by_email ?? null,
    lastSeenAt: isoTimestampOrNull(row.last_seen_at),
  };
}

/** The device fingerprint (`deviceFingerprint` in secrets.ts) of a stored device hash. */
export function deviceFingerprintSql(hashColumn: string) {
  return sql<string>`left(${sql.ref(hashColumn)}, 8)`;
}

/** An admin approves a device (then it needs no code) or rejects it (then it signs nobody in). */
export async function decideDevice(
  db: Db,
  deviceRowId: number,
  decision: { approve: boolean; adminId: number; note?: string | null; at: Date },
): Promise<void> {
  await db
    .updateTable('admin_devices')
    .set({
      status: decision.approve ? 'approved' : 'rejected',
      whitelisted: decision.approve,
      decided_at: decision.at,
      decided_by: decision.adminId,
      ...(decision.approve ? {} : { decision_note: decision.note ?? null }),
      code_hash: null,
      code_expires_at: null,
    })
    .where('id', '=', deviceRowId)
    .execute();
}

/** A device's last sign-in. */
export async function touchDevice(db: Db, deviceRowId: number, at: Date): Promise<void> {
  await db.updateTable('admin_devices').set({ last_seen_at: at }).where('id', '=', deviceRowId).execute();
}

/** Counts one more code attempt, if any are left; the new count, or undefined when they ran out. */
export async function countCodeAttempt(db: Db, deviceRowId: number, max: number): Promise<number | undefined> {
  const counted = await db
    .updateTable('admin_devices')
    .set({ code_attempts: sql`code_attempts + 1` })
    .where('id', '=', deviceRowId)
    .where('code_attempts', '<', max)
    .returning('code_attempts')
    .executeTakeFirst();
  return counted?.code_attempts;
}

/**
 * Approves a device with its emailed code, using the code up in the same statement: of several
 * requests with one code exactly one gets true.
 */
export async function approveDeviceWithCode(db: Db, deviceRowId: number, codeHash: string, at: Date): Promise<boolean> {
  const approved = await db
    .updateTable('admin_devices')
    .set({ status: 'approved', whitelisted: true, decided_at: at, code_hash: null, code_expires_at: null, code_attempts: 0, last_seen_at: at })
    .where('id', '=', deviceRowId)
    .where('code_hash', '=', codeHash)
    .returning('id')
    .executeTakeFirst();
  return approved !== undefined;
}

/** Forgets an admin's devices. */
export async function deleteDevices(db: Db, adminId: number): Promise<void> {
  await db.deleteFrom('admin_devices').where('admin_id', '=', adminId).execute();
}

import type { AnyCommand } from '@traction/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { RequestInfo } from '../http/handler-context';

// Never written down, whatever the command says.
const ALWAYS_SECRET = new Set(['password', 'token', 'code', 'otp', 'secret', 'pin', 'apiKey']);

/** The input as the audit log keeps it: secrets replaced, files named but not stored. */
export function redact(command: AnyCommand, input: unknown): Record<string, unknown> {
  const secret = new Set([...ALWAYS_SECRET, ...command.secrets]);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'bigint') return value.toString();
    if (typeof Blob !== 'undefined' && value instanceof Blob) return `[file ${value.size} bytes]`;
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => [key, secret.has(key) ? '[redacted]' : walk(inner)]),
      );
    }
    return value;
  };
  const out = walk(input);
  return out && typeof out === 'object' && !Array.isArray(out) ? (out as Record<string, unknown>) : { value: out };
}

export interface AuditRecord {
  command: AnyCommand;
  actor: { id: number; email: string } | null;
  input: unknown;
  /** `ok` or the error code answered. */
  outcome: string;
  message?: string | null;
  request: RequestInfo;
  at: Date;
}

/** Writes one audit row; pass the command's transaction so the row commits or rolls back with it. */
export async function writeAudit(db: Kysely<Database>, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: record.at,
      admin_id: record.actor?.id ?? null,
      admin_email: record.actor?.email ?? null,
      device_id: record.request.deviceId ?? deviceInBody(record.input),
      command_id: record.command.id,
      input: JSON.stringify(redact(record.command, record.input)),
      outcome: record.outcome,
      message: record.message?.slice(0, 1_000) ?? null,
      request_id: record.request.id,
      ip: record.request.ip,
    })
    .execute();
}

// Sign-in names its device in the body, before there is a device-id to trust.
function deviceInBody(input: unknown): string | null {
  const device = (input as { device?: { deviceId?: unknown } } | null)?.device;
  return typeof device?.deviceId === 'string' ? device.deviceId.slice(0, 128) : null;
}

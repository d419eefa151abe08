import type { AnyCommand } from '@traction/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { appendAuditEntry } from '../domains/audit/index';
import { deviceFingerprint } from '../domains/auth/index';
import { storableText } from './storable-text';
import type { RequestInfo } from '../handling/handler-context';

// Never written down, whatever the command says.
const ALWAYS_SECRET = new Set(['password', 'token', 'code', 'otp', 'secret', 'pin', 'apiKey']);
// A refused request's text is kept as far as anyone reads it, not 100,000 characters of it.
const LONGEST_TEXT = 2_000;

/**
 * The input as the audit log keeps it: secrets replaced, a device id by its fingerprint (with the
 * password it signs in without a code), files named but not stored, text PostgreSQL can store.
 */
export function redact(command: AnyCommand, input: unknown): Record<string, unknown> {
  const secret = new Set([...ALWAYS_SECRET, ...command.secrets]);
  const walk = (value: unknown, key?: string): unknown => {
    if (key !== undefined && secret.has(key)) return '[redacted]';
    if (key === 'deviceId' && typeof value === 'string') return deviceFingerprint(value);
    if (typeof value === 'string') return storableText(value.length > LONGEST_TEXT ? `${value.slice(0, LONGEST_TEXT)}… (${value.length} characters)` : value);
    if (typeof value === 'bigint') return value.toString();
    if (typeof Blob !== 'undefined' && value instanceof Blob) return `[file ${value.size} bytes]`;
    if (Array.isArray(value)) return value.map((inner) => walk(inner));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([name, inner]) => [storableText(name), walk(inner, name)]));
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
  /** The answer of a success: the log names what it created and counts what a bulk run changed. */
  output?: unknown;
  /** `ok` or the error code answered. */
  outcome: string;
  message?: string | null;
  request: RequestInfo;
  at: Date;
}

/**
 * Writes one audit row, with its sentence and subject; pass the command's transaction so the row
 * commits or rolls back with it (and names what it acted on as the change left it).
 */
export async function writeAudit(db: Kysely<Database>, record: AuditRecord): Promise<void> {
  await appendAuditEntry(db, {
    at: record.at,
    command: record.command,
    admin: record.actor,
    deviceFingerprint: deviceOf(record),
    input: redact(record.command, record.input),
    output: record.output,
    outcome: record.outcome,
    message: record.message ? storableText(record.message.slice(0, 1_000)) : null,
    requestId: record.request.id,
    ip: record.request.ip,
  });
}

// Sign-in names its device in the body, before there is a device-id header to trust.
function deviceOf(record: AuditRecord): string | null {
  const inBody = (record.input as { device?: { deviceId?: unknown } } | null)?.device?.deviceId;
  const deviceId = record.request.deviceId ?? (typeof inBody === 'string' ? inBody.slice(0, 128) : null);
  return deviceId === null ? null : deviceFingerprint(deviceId);
}

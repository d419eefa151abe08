import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { Actor, LooseBody, TestApp } from './harness';

/** The tables KYC commands change, fingerprinted: equal before and after a refused call. */
const KYC_TABLES = ['businesses', 'business_events', 'uploads', 'kyc_records', 'kyc_documents', 'kyc_events', 'kyc_id_blacklist'] as const;

export async function kycSnapshot(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of KYC_TABLES) {
    const row = await sql<{
      digest: string | null;
    }>`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.table(table)} t`.execute(db);
    out[table] = row.rows[0]?.digest ?? '';
  }
  return out;
}

/** Every file in the test's upload folder. */
export function storedFiles(t: TestApp): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else files.push(join(dir, entry.name));
    }
  };
  walk(t.uploadDir);
  return files;
}

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)));

/** Small files whose first bytes are what they claim (or pretend) to be. */
export const SAMPLE_FILES = {
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0x00, 0x01, 0x01, 0x00, 0xff, 0xd9]),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d], 'IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]),
  pdf: bytes('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  exe: bytes('MZ', [0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00], 'This program cannot be run in DOS mode.'),
  html: bytes('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  svg: bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
};

/** A JPEG of exactly `size` bytes (its header, then padding). */
export function jpegOfSize(size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(SAMPLE_FILES.jpeg.subarray(0, Math.min(size, SAMPLE_FILES.jpeg.length)));
  return out;
}

/** POST /v1/uploads/ as multipart, the way the console and the CLI send it. */
export async function uploadAs(t: TestApp, actor: Actor, file: { bytes: Uint8Array; name: string; type?: string }, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'application/octet-stream' }));
  const response = await t.app.request('/v1/uploads/', {
    method: 'POST',
    headers: { authorization: `Bearer ${actor.token}`, 'device-id': actor.deviceId },
    body: form,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  // Read loosely, like the harness's answers: callers check the fields they use.
  return { status: response.status, body: parsed as LooseBody, headers: response.headers };
}

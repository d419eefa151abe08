import type { AnyCommand } from '../../command';

/** What an audit entry can be about. The console links each kind to its page. */
export const AUDIT_SUBJECT_KINDS = [
  'business',
  'admin',
  'department',
  'device',
  'record',
  'account',
  'wallet',
  'merchant-user',
  'upload',
  'terminal',
  'terminal-request',
  'loan',
  'deduction-setting',
  'email-sync',
  'notification',
  'broadcast',
  'website-form',
  'staff-code',
  'airtime-rate',
  'visit',
] as const;
export type AuditSubjectKind = (typeof AUDIT_SUBJECT_KINDS)[number];

/** One of a kind and many of it, for "marked 120 businesses as fraud". */
export const AUDIT_SUBJECT_NOUNS: Readonly<Record<AuditSubjectKind, { one: string; other: string }>> = {
  business: { one: 'business', other: 'businesses' },
  admin: { one: 'admin', other: 'admins' },
  department: { one: 'department', other: 'departments' },
  device: { one: 'device', other: 'devices' },
  record: { one: 'KYC record', other: 'KYC records' },
  account: { one: 'fixed account', other: 'fixed accounts' },
  wallet: { one: 'wallet', other: 'wallets' },
  'merchant-user': { one: 'merchant user', other: 'merchant users' },
  upload: { one: 'document', other: 'documents' },
  terminal: { one: 'terminal', other: 'terminals' },
  'terminal-request': { one: 'terminal request', other: 'terminal requests' },
  loan: { one: 'loan', other: 'loans' },
  'deduction-setting': { one: 'deduction setting', other: 'deduction settings' },
  'email-sync': { one: 'email-marketing sync', other: 'email-marketing syncs' },
  notification: { one: 'notification', other: 'notifications' },
  broadcast: { one: 'broadcast', other: 'broadcasts' },
  'website-form': { one: 'website form submission', other: 'website form submissions' },
  'staff-code': { one: 'staff referral code', other: 'staff referral codes' },
  'airtime-rate': { one: 'airtime rate', other: 'airtime rates' },
  visit: { one: 'merchant visit', other: 'merchant visits' },
};

/** The input as the audit log keeps it (secrets redacted); refused requests may hold anything. */
export type AuditInput = Readonly<Record<string, unknown>>;

/** Where an audit entry finds what it is about. */
export interface AuditSubjectRef {
  kind: AuditSubjectKind;
  /**
   * Where its key is: an input field (`id`), `output.` and a path in the answer for what the
   * command created (`output.business.id`), or `selection` for a bulk command's rows (the
   * entry then counts them).
   */
  from: string;
  /** What the key is when it is not the subject's id: its email, or its account number. */
  by?: 'id' | 'email' | 'number';
  /** An input field naming the subject when there is no key (a refused creation): `businessName`. */
  named?: string;
}

/**
 * How the audit log tells what a command did, written beside the command's definition.
 * Without one, the entry reads as the command's title ("Ada Obi created an admin").
 */
export interface AuditDescription {
  /**
   * What the command does, as a verb phrase in the imperative like a title, `{subject}` where
   * the subject's name goes: `mark {subject} as fraud`. The log puts it in the past tense, or
   * after "tried to" for a refusal. A function when the input decides the words (marking or
   * clearing); it is given the input as stored, so it reads fields defensively (`said`).
   */
  action: string | ((input: AuditInput) => string);
  /** What the command acts on. */
  subject?: AuditSubjectRef;
  /** An input field whose text follows a success after a colon: the reason, the comment. */
  note?: string;
}

/** The command's own description, or its title as one. */
export function auditDescriptionOf(command: Pick<AnyCommand, 'title' | 'audit'>): AuditDescription {
  return command.audit ?? { action: command.title.charAt(0).toLowerCase() + command.title.slice(1) };
}

/** A field's text when it holds a string or a number, else ''. */
export function said(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
}

/** A yes/no field: true or false, or undefined when the request did not say (a refused, malformed one). */
export function yesNo(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** Reads `business.id` from an object, or undefined. */
export function valueAt(source: unknown, path: string): unknown {
  let current = source;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** What an entry is about, before its name is looked up: one thing by its key, or how many. */
export type AuditSubjectKey =
  | { kind: AuditSubjectKind; by: 'id' | 'email' | 'number'; key: string }
  | { kind: AuditSubjectKind; count: number | null }
  | { kind: AuditSubjectKind; named: string };

/**
 * Finds the subject of a run from its input (and its answer, for what it created or how many
 * rows a bulk run changed). Null when the command names none or the request did not say.
 */
export function auditSubjectKey(command: Pick<AnyCommand, 'title' | 'audit'>, input: AuditInput, output?: unknown): AuditSubjectKey | null {
  const ref = auditDescriptionOf(command).subject;
  if (!ref) return null;
  if (ref.from === 'selection') {
    const changed = valueAt(output, 'changed');
    const ids = Array.isArray(input.ids) ? input.ids : null;
    // One row named, and changed (or refused): it is named, as the single command would name it.
    const only = ids?.length === 1 && (changed === undefined || changed === 1) ? said(ids[0]).trim() : '';
    if (only !== '') return { kind: ref.kind, by: 'id', key: only };
    if (typeof changed === 'number') return { kind: ref.kind, count: changed };
    return { kind: ref.kind, count: ids ? ids.length : null };
  }
  const raw = ref.from.startsWith('output.') ? valueAt(output, ref.from.slice('output.'.length)) : input[ref.from];
  const key = said(raw).trim();
  if (key !== '') return { kind: ref.kind, by: ref.by ?? 'id', key };
  const named = ref.named ? said(input[ref.named]).trim() : '';
  return named === '' ? null : { kind: ref.kind, named };
}

/** How many of a kind, in words: "1 business", "120 businesses". */
export function countOf(kind: AuditSubjectKind, count: number): string {
  const noun = AUDIT_SUBJECT_NOUNS[kind];
  return `${count.toLocaleString('en-NG')} ${count === 1 ? noun.one : noun.other}`;
}

/** The subject's words when its name is not known: "business #2987", "fixed account 0123456789". */
export function auditSubjectFallback(subject: AuditSubjectKey): string {
  const noun = AUDIT_SUBJECT_NOUNS[subject.kind];
  if ('count' in subject) return subject.count === null ? `the selected ${noun.other}` : countOf(subject.kind, subject.count);
  if ('named' in subject) return subject.named;
  return subject.by === 'id' ? `${noun.one} #${subject.key}` : `${noun.one} ${subject.key}`;
}

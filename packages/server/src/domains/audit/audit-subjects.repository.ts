import { auditSubjectFallback, type AuditSubjectKey, type AuditSubjectKind, loanReference, websiteFormIdOf, websiteFormReference } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/** What an audit entry stores about its subject. */
export interface AuditSubject {
  kind: AuditSubjectKind;
  /** The key the console links by (an id, an account number, a wallet uid, an email); null when unknown. */
  id: string | null;
  /** Its name as it is now: "Sunrise Petroleum (#2987)", "120 businesses". */
  name: string;
  count: number | null;
}

const LONGEST_KEY = 200;
const INT_ID = /^\d{1,10}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACCOUNT_NUMBER = /^\d{10}$/;

/** An id PostgreSQL's integer columns can hold; anything else cannot name a row (and must not reach a query). */
function rowId(key: string): number | null {
  if (!INT_ID.test(key)) return null;
  const id = Number(key);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * The subject as far as the entry itself tells it, without looking anything up: what entries
 * written before migration 0010 show, and what a new entry keeps when its subject is not found.
 */
export function subjectWithoutLookup(subject: AuditSubjectKey): AuditSubject {
  const fallback = auditSubjectFallback(subject);
  if ('count' in subject) return { kind: subject.kind, id: null, name: fallback, count: subject.count };
  if ('named' in subject) return { kind: subject.kind, id: null, name: fallback.slice(0, LONGEST_KEY), count: null };
  return {
    kind: subject.kind,
    id: linkable(subject.kind, subject.by, subject.key) ? subject.key : null,
    name: fallback.slice(0, LONGEST_KEY + 40),
    count: null,
  };
}

/** Whether a key can name a page: a real row id, a wallet's uid, an account number, an email. */
function linkable(kind: AuditSubjectKind, by: 'id' | 'email' | 'number', key: string): boolean {
  if (by === 'number') return ACCOUNT_NUMBER.test(key);
  if (by === 'email') return key.length <= LONGEST_KEY && key.includes('@');
  if (kind === 'wallet') return UUID.test(key);
  // The console links a fixed account by its number, never by its row id.
  return kind !== 'account' && rowId(key) !== null;
}

/**
 * Looks the subject's name up, in the transaction the audit row is written in (so a change the
 * command just made is what it names). Keys come from requests, refused ones included: only
 * well-formed ones reach a query, so a bad key can never fail the audit write.
 */
export async function describeSubject(db: Db, subject: AuditSubjectKey): Promise<AuditSubject> {
  const known = subjectWithoutLookup(subject);
  if (!('key' in subject)) return known;
  const found = await lookUp(db, subject.kind, subject.by, subject.key);
  return found ? { ...known, ...found } : known;
}

async function lookUp(db: Db, kind: AuditSubjectKind, by: 'id' | 'email' | 'number', key: string): Promise<{ id: string; name: string } | null> {
  const id = by === 'id' ? rowId(key) : null;
  if (by === 'id' && id === null) return null;
  const email = by === 'email' && key.length <= LONGEST_KEY ? key : null;
  switch (kind) {
    case 'business': {
      const row = id === null ? undefined : await db.selectFrom('businesses').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
      return row ? { id: String(row.id), name: `${row.name} (#${row.id})` } : null;
    }
    case 'admin': {
      let query = db.selectFrom('admins').select(['id', 'first_name', 'last_name']);
      if (id !== null) query = query.where('id', '=', id);
      else if (email !== null) query = query.where(sql`lower(email)`, '=', email.toLowerCase()).orderBy(sql`deleted_at is null`, 'desc').orderBy('id', 'desc');
      else return null;
      const row = await query.limit(1).executeTakeFirst();
      return row ? { id: String(row.id), name: `${row.first_name} ${row.last_name} (#${row.id})` } : null;
    }
    case 'department': {
      const row = id === null ? undefined : await db.selectFrom('departments').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      return { id: String(row.id), name: /department$/i.test(row.name) ? `${row.name} (#${row.id})` : `${row.name} department (#${row.id})` };
    }
    case 'device': {
      const row =
        id === null
          ? undefined
          : await db
              .selectFrom('admin_devices as d')
              .innerJoin('admins as a', 'a.id', 'd.admin_id')
              .select(['d.id', 'd.browser_name', 'd.device_model', 'a.first_name', 'a.last_name'])
              .where('d.id', '=', id)
              .executeTakeFirst();
      return row ? { id: String(row.id), name: `${row.first_name} ${row.last_name}'s ${row.browser_name} on ${row.device_model} (#${row.id})` } : null;
    }
    case 'record': {
      const row =
        id === null
          ? undefined
          : await db
              .selectFrom('kyc_records as r')
              .innerJoin('businesses as b', 'b.id', 'r.business_id')
              .select(['r.id', 'r.verification_type', 'b.name'])
              .where('r.id', '=', id)
              .executeTakeFirst();
      return row ? { id: String(row.id), name: `${row.name}'s ${row.verification_type.toLowerCase()} record #${row.id}` } : null;
    }
    case 'account': {
      let query = db.selectFrom('fixed_accounts as f').innerJoin('businesses as b', 'b.id', 'f.business_id').select(['f.account_number', 'b.name']);
      if (id !== null) query = query.where('f.id', '=', id);
      else if (by === 'number' && ACCOUNT_NUMBER.test(key)) query = query.where('f.account_number', '=', key);
      else return null;
      const row = await query.limit(1).executeTakeFirst();
      return row ? { id: row.account_number, name: `account ${row.account_number} (${row.name})` } : null;
    }
    case 'wallet': {
      if (!UUID.test(key)) return null;
      const row = await db
        .selectFrom('wallets as w')
        .innerJoin('businesses as b', 'b.id', 'w.business_id')
        .select(['w.uid', 'b.name'])
        .where('w.uid', '=', key.toLowerCase())
        .executeTakeFirst();
      return row ? { id: row.uid, name: `${row.name}'s wallet` } : null;
    }
    case 'merchant-user': {
      if (email === null) return null;
      const row = await db
        .selectFrom('business_users')
        .select(['email', 'first_name', 'last_name'])
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row ? { id: row.email, name: `${row.first_name} ${row.last_name} (${row.email})` } : null;
    }
    case 'upload': {
      const row = id === null ? undefined : await db.selectFrom('uploads').select(['id', 'original_name']).where('id', '=', id).executeTakeFirst();
      return row ? { id: String(row.id), name: `“${row.original_name}” (#${row.id})` } : null;
    }
    case 'terminal': {
      const row = id === null ? undefined : await db.selectFrom('terminals').select(['id', 'serial_no', 'terminal_id']).where('id', '=', id).executeTakeFirst();
      return row ? { id: String(row.id), name: `terminal ${row.serial_no} (${row.terminal_id})` } : null;
    }
    case 'terminal-request': {
      const row =
        id === null
          ? undefined
          : await db
              .selectFrom('terminal_requests as r')
              .innerJoin('businesses as b', 'b.id', 'r.business_id')
              .select(['r.id', 'b.name'])
              .where('r.id', '=', id)
              .executeTakeFirst();
      return row ? { id: String(row.id), name: `${row.id} (${row.name})` } : null;
    }
    case 'loan':
    case 'deduction-setting': {
      if (id === null) return null;
      const row = await db
        .selectFrom('loans as l')
        .innerJoin('businesses as b', 'b.id', 'l.business_id')
        .select(['l.id', 'b.name'])
        .$if(kind === 'loan', (q) => q.where('l.id', '=', id))
        .$if(kind === 'deduction-setting', (q) => q.where('l.id', '=', (eb) => eb.selectFrom('deduction_settings').select('loan_id').where('id', '=', id)))
        .executeTakeFirst();
      if (!row) return null;
      const loan = `${loanReference(row.id)} (${row.name})`;
      return kind === 'loan' ? { id: String(row.id), name: `loan ${loan}` } : { id: String(id), name: `loan ${loan}` };
    }
    case 'email-sync': {
      const row = id === null ? undefined : await db.selectFrom('marketing_sync_runs').select(['id', 'kind']).where('id', '=', id).executeTakeFirst();
      return row
        ? { id: String(row.id), name: `email-marketing sync #${row.id} (${row.kind === 'UPLOAD' ? 'uploaded contacts' : 'every merchant owner'})` }
        : null;
    }
    case 'notification': {
      const row = id === null ? undefined : await db.selectFrom('notifications').select(['id', 'title']).where('id', '=', id).executeTakeFirst();
      return row ? { id: String(row.id), name: `notification “${row.title}”` } : null;
    }
    case 'broadcast': {
      const row = id === null ? undefined : await db.selectFrom('broadcasts').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
      return row ? { id: String(row.id), name: `broadcast “${row.name}”` } : null;
    }
    case 'website-form': {
      // By id, or by the reference a public form answered (WF-000123).
      const formId = id ?? websiteFormIdOf(key);
      const row = formId === null ? undefined : await db.selectFrom('website_forms').select(['id', 'kind', 'name']).where('id', '=', formId).executeTakeFirst();
      return row
        ? { id: String(row.id), name: `${row.kind === 'CHARGEBACK' ? 'chargeback' : 'support request'} ${websiteFormReference(row.id)} (${row.name})` }
        : null;
    }
    case 'staff-code': {
      const row = id === null ? undefined : await db.selectFrom('staff_codes').select(['id', 'code', 'name']).where('id', '=', id).executeTakeFirst();
      return row ? { id: String(row.id), name: `staff code ${row.code} (${row.name})` } : null;
    }
    case 'airtime-rate': {
      const row = id === null ? undefined : await db.selectFrom('airtime_rates').select(['id', 'network', 'product']).where('id', '=', id).executeTakeFirst();
      return row ? { id: String(row.id), name: `${row.network} ${row.product.toLowerCase()} rate` } : null;
    }
    case 'visit': {
      const row =
        id === null
          ? undefined
          : await db
              .selectFrom('visits as v')
              .innerJoin('businesses as b', 'b.id', 'v.business_id')
              .innerJoin('field_agents as a', 'a.id', 'v.agent_id')
              .select(['v.id', 'b.name as business_name', 'a.name as agent_name'])
              .where('v.id', '=', id)
              .executeTakeFirst();
      return row ? { id: String(row.id), name: `visit #${row.id} to ${row.business_name} (${row.agent_name})` } : null;
    }
    default:
      return kind satisfies never;
  }
}

import type { AuditEntry } from '@traction/core';

/** `Bola Ade (#12)` → `Bola Ade`: the name a page's path carries beside the id. */
const bareName = (subject: string | null) => (subject ?? '').replace(/\s*\(#\d+\)$/, '') || 'subject';

/**
 * The console page of an audit entry's subject: a business's page, a KYC record, an admin's
 * permissions, a fixed account found by its number, a wallet. Null for kinds without a page
 * (devices, uploads) and for subjects whose key is unknown.
 */
export function auditSubjectPath(entry: Pick<AuditEntry, 'subject' | 'subjectKind' | 'subjectId'>): string | null {
  const { subjectKind: kind, subjectId: id } = entry;
  if (!kind || !id) return null;
  const key = encodeURIComponent(id);
  switch (kind) {
    case 'business':
      return `/merchants/${key}`;
    case 'record':
      return `/all-verification/${key}`;
    case 'admin':
      return `/permissions-user-by-id/${key}/${encodeURIComponent(bareName(entry.subject))}`;
    case 'department':
      return `/permissions-department-by-id/${key}/${encodeURIComponent(bareName(entry.subject).replace(/ department$/, ''))}`;
    case 'account':
      return `/fixed-accounts?search=${key}`;
    case 'wallet':
      return `/pnd-accounts/${key}`;
    case 'merchant-user':
      return `/merchants?search=${key}`;
    case 'terminal':
      return `/terminals/${key}`;
    case 'terminal-request':
      return `/terminal-request/${key}`;
    case 'loan':
      return `/loans/${key}`;
    case 'deduction-setting':
      return `/auto-deduction-settings/${key}`;
    case 'email-sync':
      return `/sendinblue-email-synch/${key}`;
    case 'notification':
      return `/notifications/preview/${key}`;
    case 'broadcast':
      return `/broadcast-portal/${key}`;
    case 'website-form':
      return `/website-forms/${key}`;
    case 'staff-code': {
      // The list finds a code by its code, which the subject's name carries ("staff code TRC4821 (Ada Obi)").
      const code = /^staff code ([A-Z0-9]{6,10})\b/.exec(entry.subject ?? '')?.[1];
      return code ? `/staff-referral-code?search=${code}` : '/staff-referral-code';
    }
    case 'airtime-rate':
      return '/airtime-configuration';
    case 'visit':
      return `/view-merchant-visitation-log/${key}`;
    default:
      return null;
  }
}

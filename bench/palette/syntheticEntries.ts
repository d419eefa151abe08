import type { PaletteEntry } from '../../packages/web/src/modules/palette/PaletteEntry';

const VERBS = [
  'Approve',
  'Reject',
  'Reverse',
  'List',
  'Export',
  'Create',
  'Update',
  'Delete',
  'Assign',
  'Reset',
  'Retry',
  'Sync',
  'Freeze',
  'Credit',
  'Debit',
  'Map',
  'Unmap',
  'Override',
];
const NOUNS = [
  'wallet transaction',
  'settlement',
  'terminal',
  'KYC document',
  'business',
  'virtual account',
  'pricing band',
  'transfer',
  'loan',
  'admin',
  'department',
  'device request',
  'fraud rule',
  'broadcast',
  'deduction',
  'bulk sweep',
  'cashback',
  'referral code',
];
const QUALIFIERS = ['', 'for a merchant', 'in bulk', 'by reference', 'from CSV', 'on Providus', 'on VFD', 'on Wema', 'for today', 'by terminal id'];
const GROUPS = [
  'Directory',
  'Transaction Logs',
  'Product Monitoring',
  'Deductions',
  'Wallet',
  'Settings',
  'Fraud Management',
  'Virtual Account',
  'Verification',
  'Terminals',
  'Settlements',
  'Operations',
  'Notifications',
  'Fund Transfer',
  'Admin MGT',
  'Others',
];

/**
 * `count` palette entries shaped like the console's: pages and commands with the spec's groups,
 * titles built from the back office's verbs and nouns, keywords, a few chords and dangers.
 * Deterministic, so every run ranks the same list.
 */
export function syntheticEntries(count: number): PaletteEntry[] {
  const entries: PaletteEntry[] = [];
  for (let i = 0; i < count; i++) {
    const verb = VERBS[i % VERBS.length]!;
    const noun = NOUNS[Math.floor(i / VERBS.length) % NOUNS.length]!;
    const qualifier = QUALIFIERS[Math.floor(i / (VERBS.length * NOUNS.length)) % QUALIFIERS.length]!;
    const round = Math.floor(i / (VERBS.length * NOUNS.length * QUALIFIERS.length));
    const label = [verb, noun, qualifier, round > 0 ? `#${round + 1}` : ''].filter(Boolean).join(' ');
    const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const isRoute = i % 5 === 0;
    entries.push({
      key: `${isRoute ? 'route' : 'command'}:${slug}-${i}`,
      kind: isRoute ? 'route' : 'command',
      label,
      group: GROUPS[i % GROUPS.length]!,
      keywords: isRoute ? [] : [noun.split(' ')[0]!.toLowerCase(), verb.toLowerCase()],
      target: isRoute ? `/${slug}` : `${noun.replace(/\s+/g, '-').toLowerCase()}.${verb.toLowerCase()}.${i}`,
      ...(isRoute && i % 250 === 0 ? { chord: String.fromCharCode(97 + ((i / 250) % 26)) } : {}),
      ...(!isRoute && i % 7 === 0 ? { danger: i % 21 === 0 ? ('money' as const) : ('confirm' as const) } : {}),
    });
  }
  return entries;
}

import type { AnyCommand } from '../../command';
import { AUDIT_SUBJECT_NOUNS, auditDescriptionOf, said, type AuditInput } from './audit-description';

/** Verbs whose past tense is not the regular -ed. */
const IRREGULAR: Readonly<Record<string, string>> = {
  set: 'set',
  reset: 'reset',
  put: 'put',
  cut: 'cut',
  let: 'let',
  split: 'split',
  read: 'read',
  send: 'sent',
  resend: 'resent',
  take: 'took',
  give: 'gave',
  run: 'ran',
  rerun: 'reran',
  get: 'got',
  make: 'made',
  pay: 'paid',
  repay: 'repaid',
  hold: 'held',
  keep: 'kept',
  lend: 'lent',
  write: 'wrote',
  choose: 'chose',
  do: 'did',
  undo: 'undid',
  redo: 'redid',
  go: 'went',
  see: 'saw',
  freeze: 'froze',
  unfreeze: 'unfroze',
  withdraw: 'withdrew',
  sell: 'sold',
  buy: 'bought',
  begin: 'began',
  find: 'found',
};
/** Verbs that double their last consonant (British spelling, as Nigerian English writes "cancelled"). */
const DOUBLING = new Set([
  'submit',
  'resubmit',
  'flag',
  'unflag',
  'stop',
  'map',
  'unmap',
  'remap',
  'ship',
  'tag',
  'transfer',
  'cancel',
  'label',
  'refer',
  'commit',
  'permit',
  'omit',
  'admit',
  'top',
  'plan',
  'ban',
  'unban',
  'log',
  'drop',
  'swap',
  'travel',
  'control',
  'patrol',
  'pin',
  'unpin',
  'bar',
  'debar',
]);

/** The past tense of one verb: `mark` → `marked`, `approve` → `approved`, `re-push` → `re-pushed`, `send` → `sent`. */
export function pastTenseOf(verb: string): string {
  const dash = verb.lastIndexOf('-');
  if (dash > 0) return verb.slice(0, dash + 1) + pastTenseOf(verb.slice(dash + 1));
  const lower = verb.toLowerCase();
  const irregular = IRREGULAR[lower];
  if (irregular) return irregular;
  if (DOUBLING.has(lower)) return `${verb}${verb.slice(-1)}ed`;
  if (lower.endsWith('e')) return `${verb}d`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ied`;
  return `${verb}ed`;
}

/** A verb phrase in the past tense: `mark or clear fraud` → `marked or cleared fraud`. */
export function pastTense(phrase: string): string {
  const words = phrase.split(' ');
  words[0] = pastTenseOf(words[0] ?? '');
  if ((words[1] === 'or' || words[1] === 'and') && words[2]) words[2] = pastTenseOf(words[2]);
  return words.join(' ');
}

/** Notes (a reason, a comment) are cut here in the sentence; the entry keeps them whole. */
const LONGEST_NOTE = 120;

const clip = (text: string, longest: number) => (text.length > longest ? `${text.slice(0, longest - 1).trimEnd()}…` : text);

export interface AuditSentenceFacts {
  /** The command's id, told when the registry no longer holds it. */
  commandId: string;
  /** Who: the admin's name, else their email; null when nobody was signed in. */
  actor: string | null;
  /** The input as stored (secrets redacted). */
  input: AuditInput;
  /** `ok`, or the status the command answered with. */
  outcome: string;
  message: string | null;
  /** The subject in words ("Sunrise Petroleum (#2987)", "120 businesses"), or null when unknown. */
  subject: string | null;
}

/**
 * An audit entry as one sentence: "Ada Obi marked Sunrise Petroleum (#2987) as fraud: chargeback
 * pattern", "Ada Obi tried to delete the admin Bola Ade (#12) and was refused: …". Built from the
 * command's audit description (or its title), so every command reads as one without more code.
 */
export function auditSentence(command: Pick<AnyCommand, 'title' | 'audit'> | undefined, facts: AuditSentenceFacts): string {
  const description = command ? auditDescriptionOf(command) : { action: `run ${facts.commandId}` };
  const email = said(facts.input.email).trim();
  const actor = facts.actor ?? (email ? `Someone using ${clip(email, 120)}` : 'Someone not signed in');
  const kind = description.subject?.kind;
  const indefinite = kind ? `${/^[aeiou]/i.test(AUDIT_SUBJECT_NOUNS[kind].one) ? 'an' : 'a'} ${AUDIT_SUBJECT_NOUNS[kind].one}` : 'it';
  const template = typeof description.action === 'function' ? description.action(facts.input) : description.action;
  const action = template.replaceAll('{subject}', facts.subject ?? indefinite);

  if (facts.outcome === 'ok') {
    const note = description.note ? said(facts.input[description.note]).trim() : '';
    return `${actor} ${pastTense(action)}${note ? `: ${clip(note, LONGEST_NOTE)}` : ''}`;
  }
  const status = Number(facts.outcome);
  const why = facts.message?.trim() || `the answer was ${facts.outcome}`;
  return status >= 500 ? `${actor} tried to ${action}, but it failed: ${why}` : `${actor} tried to ${action} and was refused: ${why}`;
}

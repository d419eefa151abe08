import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCommand } from '../../command';
import { registry } from '../index';
import { updateFraudStatus, updateFraudStatusBulk } from '../risk/fraud';
import { updateKycStatus } from '../kyc/kyc-records';
import { createAdmin } from '../admins/admins';
import { grantPermissions } from '../admins/permissions';
import { auditSubjectFallback, auditSubjectKey, type AuditInput } from './audit-description';
import { auditSentence, pastTense } from './audit-sentence';

const told = (command: Parameters<typeof auditSentence>[0], facts: Partial<Parameters<typeof auditSentence>[1]> = {}) =>
  auditSentence(command, { commandId: 'x', actor: 'Ada Obi', input: {}, outcome: 'ok', message: null, subject: null, ...facts });

describe('pastTense', () => {
  it.each([
    ['mark {subject} as fraud', 'marked {subject} as fraud'],
    ['approve it', 'approved it'],
    ['re-push it', 're-pushed it'],
    ['send it a link', 'sent it a link'],
    ['reset the password', 'reset the password'],
    ['take it into processing', 'took it into processing'],
    ['submit corporate verification', 'submitted corporate verification'],
    ['mark or clear fraud', 'marked or cleared fraud'],
    ['deny it', 'denied it'],
    ['cancel the transfer', 'cancelled the transfer'],
    ['freeze the wallet', 'froze the wallet'],
    ['sign in', 'signed in'],
  ])('%s → %s', (phrase, past) => {
    expect(pastTense(phrase)).toBe(past);
  });
});

describe('auditSentence', () => {
  it('tells a success in the past tense with its subject and note', () => {
    const input = { id: 2987, is_fraud: true, reason: 'Chargeback pattern on new cards' };
    expect(told(updateFraudStatus, { input, subject: 'Sunrise Petroleum (#2987)' })).toBe(
      'Ada Obi marked Sunrise Petroleum (#2987) as fraud: Chargeback pattern on new cards',
    );
    expect(told(updateFraudStatus, { input: { id: 2987, is_fraud: false }, subject: 'Sunrise Petroleum (#2987)' })).toBe(
      'Ada Obi cleared the fraud mark on Sunrise Petroleum (#2987)',
    );
  });

  it('cuts a long note', () => {
    const sentence = told(updateKycStatus, { input: { id: 5, status: 'REJECTED', comment: 'x'.repeat(500) }, subject: 'KYC record #5' });
    expect(sentence.startsWith('Ada Obi rejected KYC record #5: xxx')).toBe(true);
    expect(sentence.endsWith('…')).toBe(true);
    expect(sentence.length).toBeLessThan(200);
  });

  it('tells a refusal with its reason, and a server failure as such', () => {
    const input = { id: 2987, is_fraud: true, reason: 'Chargebacks' };
    expect(told(updateFraudStatus, { input, outcome: '409', message: 'It is already marked as fraud.', subject: 'Sunrise Petroleum (#2987)' })).toBe(
      'Ada Obi tried to mark Sunrise Petroleum (#2987) as fraud and was refused: It is already marked as fraud.',
    );
    expect(told(updateFraudStatus, { input, outcome: '500', message: 'Internal error', subject: 'Sunrise Petroleum (#2987)' })).toBe(
      'Ada Obi tried to mark Sunrise Petroleum (#2987) as fraud, but it failed: Internal error',
    );
    // Nobody signed in: the email the request gave, else nobody.
    expect(told(undefined, { commandId: 'auth.login', actor: null, input: { email: 'who@x.ng' }, outcome: '401', message: 'Wrong password' })).toBe(
      'Someone using who@x.ng tried to run auth.login and was refused: Wrong password',
    );
  });

  it('counts the rows of a bulk run', () => {
    const input = { matching: { search: 'mama' }, is_fraud: true, reason: 'Mule ring' };
    const subject = auditSubjectKey(updateFraudStatusBulk, input, { matched: 121, changed: 120, skipped: [] });
    expect(subject).toEqual({ kind: 'business', count: 120 });
    expect(told(updateFraudStatusBulk, { input, subject: auditSubjectFallback(subject!) })).toBe('Ada Obi marked 120 businesses as fraud: Mule ring');
    // Refused before it ran: the ids it named, or the selection when it named filters.
    expect(auditSubjectKey(updateFraudStatusBulk, { ids: [1, 2, 3] })).toEqual({ kind: 'business', count: 3 });
    expect(auditSubjectFallback(auditSubjectKey(updateFraudStatusBulk, input)!)).toBe('the selected businesses');
    // One row named and changed is named, as the single command names it.
    expect(auditSubjectKey(updateFraudStatusBulk, { ids: [42] }, { matched: 1, changed: 1, skipped: [] })).toEqual({ kind: 'business', by: 'id', key: '42' });
    expect(auditSubjectKey(updateFraudStatusBulk, { ids: [42] }, { matched: 1, changed: 0, skipped: [{ id: 42, reason: 'already' }] })).toEqual({
      kind: 'business',
      count: 0,
    });
  });

  it('finds what a command created in its answer, and names it from the input when refused', () => {
    expect(auditSubjectKey(createAdmin, { email: 'bola@traction.ng' }, { admin: { id: 12 } })).toEqual({ kind: 'admin', by: 'id', key: '12' });
    const refused = auditSubjectKey(createAdmin, { email: 'bola@traction.ng' });
    expect(refused).toEqual({ kind: 'admin', named: 'bola@traction.ng' });
    expect(told(createAdmin, { outcome: '409', message: 'Taken.', subject: auditSubjectFallback(refused!) })).toBe(
      'Ada Obi tried to create the admin bola@traction.ng and was refused: Taken.',
    );
  });

  it('names permissions by their labels', () => {
    expect(told(grantPermissions, { input: { user_id: 12, permissions: ['audit.view', 'admins.view'] }, subject: 'Bola Ade (#12)' })).toBe(
      'Ada Obi granted “Read the audit log” and “View admins” to Bola Ade (#12)',
    );
  });

  it('reads a command without a description from its title', () => {
    const reverse = defineCommand({
      id: 'wallet.transactions.reverse',
      group: 'wallet',
      action: 'reverse',
      title: 'Reverse a wallet transaction',
      method: 'POST',
      path: '/v1/reverse',
      permission: null,
      input: z.object({ id: z.number() }),
      output: z.object({}),
    });
    expect(told(reverse, { input: { id: 1 } })).toBe('Ada Obi reversed a wallet transaction');
    expect(told(reverse, { outcome: '403', message: 'No permission.' })).toBe('Ada Obi tried to reverse a wallet transaction and was refused: No permission.');
  });

  it.each(registry.filter((command) => command.mutates).map((command) => [command.id, command] as const))(
    '%s reads as a sentence, with or without its input',
    (_id, command) => {
      const inputs: AuditInput[] = [{}, { id: 'abc', status: 42, permissions: 'x', is_fraud: 'maybe' }];
      for (const input of inputs) {
        for (const outcome of ['ok', '400']) {
          const sentence = told(command, { input, outcome, message: 'Refused.' });
          expect(sentence).toMatch(/^Ada Obi [a-z]/);
          expect(sentence).not.toMatch(/\{subject\}|undefined|null|\[object/);
        }
      }
    },
  );
});

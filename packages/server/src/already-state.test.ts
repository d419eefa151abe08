import { ALREADY } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from './test/harness';
import { insertBusiness, insertFixedAccount, insertKycRecord, insertWallet } from './test/merchant-fixtures';
import { kycSnapshot } from './test/kyc-kit';
import { accountNumberAt, lastAudit, riskSnapshot } from './test/risk-kit';

// Risk and KYC commands: a request whose target is already as asked answers 409 with details.reason 'already', and only
// such a request: a bulk re-run counts those rows as unchanged, so a real refusal must never
// carry it.
let t: TestApp;
let risk: Actor;
beforeAll(async () => {
  t = await createTestApp();
  risk = await t.actor({
    role: 'admin',
    permissions: [
      'fraud.view',
      'fraud.manage',
      'merchants.trust',
      'wallets.status',
      'fixed-accounts.view',
      'fixed-accounts.blacklist',
      'fixed-accounts.manage',
      'kyc.view',
      'kyc.review',
      'kyc.override',
      'kyc.blacklist',
    ],
  });
});
afterAll(() => t.close());

type Case = [
  what: string,
  commandId: string,
  request: () => Promise<{ method: 'POST' | 'PUT' | 'PATCH'; path: string; body: Record<string, unknown> }>,
  message: RegExp,
];

const cases: Case[] = [
  [
    'marking a business already marked as fraud',
    'fraud.update',
    async () => {
      const business = await insertBusiness(t.db, { is_fraud: true, fraud_reason: 'Card testing' });
      return { method: 'POST', path: `/v1/businesses/${business.id}/updatefraudstatus`, body: { is_fraud: true, reason: 'Card testing again' } };
    },
    /already marked as fraud/,
  ],
  [
    'clearing fraud on a business not marked',
    'fraud.update',
    async () => {
      const business = await insertBusiness(t.db);
      return { method: 'POST', path: `/v1/businesses/${business.id}/updatefraudstatus`, body: { is_fraud: false } };
    },
    /not marked as fraud/,
  ],
  [
    'trusting a trusted business',
    'trust.toggle',
    async () => {
      const business = await insertBusiness(t.db, { is_trusted: true });
      return { method: 'POST', path: `/v1/businesses/${business.id}/toggle-trust`, body: { isTrusted: true } };
    },
    /already trusted/,
  ],
  [
    'freezing a frozen wallet',
    'wallets.status.update',
    async () => {
      const business = await insertBusiness(t.db);
      const wallet = await insertWallet(t.db, business.id, { status: 'FROZEN' });
      return { method: 'PATCH', path: `/api/wallet/update/status/${wallet.uid}`, body: { status: 'FROZEN', reason: 'Still under review' } };
    },
    /already FROZEN/,
  ],
  [
    'blacklisting a blacklisted fixed account',
    'fixed-accounts.blacklist.toggle',
    async () => {
      const business = await insertBusiness(t.db);
      const account = await insertFixedAccount(t.db, business.id, { account_number: accountNumberAt('WEMA'), blacklisted: true });
      return {
        method: 'POST',
        path: '/v1/payments/fixedaccounts/toggleblacklist',
        body: { accountNumber: account.account_number, blacklist: true, reason: 'Mule' },
      };
    },
    /already blacklisted/,
  ],
  [
    'whitelisting a fixed account that is not blacklisted',
    'fixed-accounts.blacklist.toggle',
    async () => {
      const business = await insertBusiness(t.db);
      const account = await insertFixedAccount(t.db, business.id, { account_number: accountNumberAt('WEMA') });
      return { method: 'POST', path: '/v1/payments/fixedaccounts/toggleblacklist', body: { accountNumber: account.account_number, blacklist: false } };
    },
    /not blacklisted/,
  ],
  [
    'deactivating a deactivated fixed account',
    'fixed-accounts.deactivate',
    async () => {
      const business = await insertBusiness(t.db);
      const account = await insertFixedAccount(t.db, business.id, { account_number: accountNumberAt('VFD'), bank: 'VFD', status: 'DEACTIVATED' });
      return { method: 'POST', path: '/v1/payments/fixedaccounts/deactivate-account', body: { id: account.id, reason: 'Idle for a year' } };
    },
    /already deactivated/,
  ],
  [
    'renaming a fixed account to its own name',
    'fixed-accounts.rename',
    async () => {
      const business = await insertBusiness(t.db);
      const account = await insertFixedAccount(t.db, business.id, { account_number: accountNumberAt('WEMA'), account_name: 'Traction/Same Name' });
      return { method: 'POST', path: '/v1/payments/fixedaccounts/re-name', body: { id: account.id, accountName: 'Traction/Same Name' } };
    },
    /already named/,
  ],
  [
    'approving an approved KYC record',
    'kyc.status.update',
    async () => {
      const business = await insertBusiness(t.db);
      const record = await insertKycRecord(t.db, business.id, { status: 'APPROVED' });
      return { method: 'PUT', path: `/v1/kyc/verify/${record.id}/kyc-status`, body: { status: 'APPROVED' } };
    },
    /already APPROVED/,
  ],
  [
    'exempting an exempt business from KYC',
    'kyc.override',
    async () => {
      const business = await insertBusiness(t.db, { kyc_exempt: true });
      return { method: 'PUT', path: '/v1/kyc/override', body: { businessId: business.id, isexempt: true } };
    },
    /already exempt from KYC/,
  ],
  [
    'blacklisting an ID already blacklisted',
    'kyc.blacklist',
    async () => {
      const business = await insertBusiness(t.db);
      const record = await insertKycRecord(t.db, business.id, { document_type: 'NIN', id_number: '22233344455' });
      await t.db.insertInto('kyc_id_blacklist').values({ id_type: 'NIN', id_number: '22233344455', note: 'Fraud ring' }).execute();
      return { method: 'POST', path: `/v1/kyc/blacklist/${record.id}`, body: { idType: 'NIN', idNumber: '22233344455', note: 'Seen again' } };
    },
    /already blacklisted/,
  ],
];

describe('a target already in the requested state', () => {
  it.each(cases)('%s: 409 with reason "already", the status as its code, nothing changed', async (_what, commandId, request, message) => {
    const { method, path, body } = await request();
    const snapshot = async () => ({ risk: await riskSnapshot(t), kyc: await kycSnapshot(t.db) });
    const before = await snapshot();
    const answer = await risk.request(method, path, { body });
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body).toMatchObject({ code: '409', message: expect.stringMatching(message), details: { reason: ALREADY } });
    expect(await snapshot()).toEqual(before);
    expect(await lastAudit(t.db, commandId)).toMatchObject({ outcome: '409' });
  });
});

describe('a refusal for another reason', () => {
  it.each<Case>([
    [
      'trusting a business marked as fraud',
      'trust.toggle',
      async () => {
        const business = await insertBusiness(t.db, { is_fraud: true });
        return { method: 'POST', path: `/v1/businesses/${business.id}/toggle-trust`, body: { isTrusted: true } };
      },
      /marked as fraud/,
    ],
    [
      'moving an approved KYC record back to processing',
      'kyc.status.update',
      async () => {
        const business = await insertBusiness(t.db);
        const record = await insertKycRecord(t.db, business.id, { status: 'APPROVED' });
        return { method: 'PUT', path: `/v1/kyc/verify/${record.id}/kyc-status`, body: { status: 'PROCESSING' } };
      },
      /final/,
    ],
    [
      'renaming a deactivated fixed account',
      'fixed-accounts.rename',
      async () => {
        const business = await insertBusiness(t.db);
        const account = await insertFixedAccount(t.db, business.id, { account_number: accountNumberAt('WEMA'), status: 'DEACTIVATED' });
        return { method: 'POST', path: '/v1/payments/fixedaccounts/re-name', body: { id: account.id, accountName: 'Traction/Other' } };
      },
      /cannot be renamed/,
    ],
  ])('%s: 409 without the "already" reason', async (_what, _commandId, request, message) => {
    const { method, path, body } = await request();
    const answer = await risk.request(method, path, { body });
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body.message).toMatch(message);
    expect(answer.body.details?.reason).not.toBe(ALREADY);
  });
});

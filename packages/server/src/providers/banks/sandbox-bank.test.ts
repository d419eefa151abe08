import { nuban } from '@traction/core';
import { describe, expect, it } from 'vitest';
import { BankError } from './bank-provider';
import { sandboxBanks } from './sandbox-bank';

const banks = sandboxBanks({ timeoutMs: 5_000, now: () => new Date('2026-11-21T09:00:00Z') });

describe('the sandbox banks', () => {
  it('refuse a number whose check digit is wrong for the bank, as the bank would', async () => {
    const wema = nuban('035', '123456789');
    await expect(banks.wema.nameEnquiry(wema)).resolves.toMatchObject({ accountNumber: wema, status: expect.any(String) });
    await expect(banks.vfd.nameEnquiry(wema)).rejects.toMatchObject({ kind: 'invalid_account', bank: 'VFD', subject: 'accountNumber' });
    await expect(banks.providus.registerAccount({ accountNumber: '1234567890', accountName: 'X' })).rejects.toBeInstanceOf(BankError);
  });

  it('give the same answers for the same account, whoever asks', async () => {
    const number = nuban('566', '200000010');
    const other = sandboxBanks({ now: () => new Date('2026-11-21T09:00:00Z') });
    expect(await banks.vfd.nameEnquiry(number)).toEqual(await other.vfd.nameEnquiry(number));
    const query = { accountNumber: number, fromDate: '2026-11-01', endDate: '2026-11-07' };
    expect(await banks.vfd.transactions(query)).toEqual(await other.vfd.transactions(query));
  });

  it('stop waiting for a provoked timeout when the caller gives up', async () => {
    const controller = new AbortController();
    const pending = banks.wema.nameEnquiry(nuban('035', '123456999'), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'timeout', message: 'Wema Bank did not answer within 5 s' });
  });

  it('read our own accounts from the directory', async () => {
    const number = nuban('101', '555555555');
    const withDirectory = sandboxBanks({ directory: async (bank, n) => (bank === 'PROVIDUS' && n === number ? { accountName: 'Traction/Ours', status: 'DEACTIVATED' } : null) });
    expect(await withDirectory.providus.nameEnquiry(number)).toEqual({ accountNumber: number, accountName: 'Traction/Ours', status: 'INACTIVE' });
  });
});

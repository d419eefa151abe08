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

  it('keep a VFD statement that adds up: each balance is the one before plus an inflow or minus an outflow, whatever period is asked', async () => {
    for (const serial of ['200000010', '200000020', '311122230', '400000040']) {
      const number = nuban('566', serial);
      const month = await banks.vfd.transactions({ accountNumber: number, fromDate: '2026-10-22', endDate: '2026-11-21' });
      expect(month.length).toBeGreaterThan(10);
      expect(month.some((item) => item.direction === 'DEBIT')).toBe(true);
      for (let i = 1; i < month.length; i += 1) {
        const before = month[i - 1]!;
        const item = month[i]!;
        expect(item.at >= before.at).toBe(true);
        expect(item.balanceAfterKobo).toBe(before.balanceAfterKobo + (item.direction === 'CREDIT' ? item.amountKobo : -item.amountKobo));
        expect(item.balanceAfterKobo).toBeGreaterThanOrEqual(0);
      }
      expect(month.every((item) => Date.parse(item.at) <= Date.parse('2026-11-21T09:00:00Z'))).toBe(true);
      // A shorter period shows the same transfers with the same balances: the balance is the account's, not the query's.
      const week = await banks.vfd.transactions({ accountNumber: number, fromDate: '2026-11-05', endDate: '2026-11-11' });
      expect(week.length).toBeGreaterThan(0);
      expect(week).toEqual(month.filter((item) => item.at >= '2026-11-04T23:00:00.000Z' && item.at < '2026-11-11T23:00:00.000Z'));
    }
  });

  it('stop waiting for a provoked timeout when the caller gives up', async () => {
    const controller = new AbortController();
    const pending = banks.wema.nameEnquiry(nuban('035', '123456999'), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'timeout', message: 'Wema Bank did not answer within 5 s' });
  });

  it('read our own accounts from the directory', async () => {
    const number = nuban('101', '555555555');
    const withDirectory = sandboxBanks({
      directory: async (bank, n) => (bank === 'PROVIDUS' && n === number ? { accountName: 'Traction/Ours', status: 'DEACTIVATED' } : null),
    });
    expect(await withDirectory.providus.nameEnquiry(number)).toEqual({ accountNumber: number, accountName: 'Traction/Ours', status: 'INACTIVE' });
  });
});

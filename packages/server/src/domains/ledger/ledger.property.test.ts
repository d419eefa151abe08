import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect';
import { createTestApp, type TestApp } from '../../test/harness';
import { ledgerWallet, nextReference } from '../../test/ledger-kit';
import { balances, checkLedger, openCompanyAccounts, post, reverse } from './index';

let t: TestApp;
let companyIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  companyIds = Object.values(await openCompanyAccounts(t.db));
});
afterAll(() => t.close());

// Accounts are picked by index: 0–3 wallets (3 is on post-no-debit), 4–5 company accounts.
const WALLETS = 4;
const PND = 3;
const leg = fc.record({ from: fc.nat(5), to: fc.nat(5), amount: fc.integer({ min: 1, max: 6_000 }) }).filter((l) => l.from !== l.to);
const operation = fc.oneof(
  fc.record({ op: fc.constant('post' as const), legs: fc.array(leg, { minLength: 1, maxLength: 3 }) }),
  fc.record({ op: fc.constant('reverse' as const), pick: fc.nat(40) }),
);

async function outcome(work: (trx: Db) => Promise<unknown>): Promise<number> {
  try {
    await t.db.transaction().execute(work);
    return 200;
  } catch (error) {
    return (error as { status?: number }).status ?? 500;
  }
}

describe('random postings, reversals and refusals', () => {
  it('keep every invariant: the ledger sums to zero, wallet balances equal their transfers and the model, none below zero, each transfer reversed at most once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        const wallets = await Promise.all(
          Array.from({ length: WALLETS }, (_, i) => ledgerWallet(t.db, { funds: 10_000, wallet: i === PND ? { status: 'PND' } : {} })),
        );
        const ids = [...wallets.map((w) => w.account.id), companyIds[0]!, companyIds[3]!];
        const model = new Map(wallets.map((w) => [w.account.id, 10_000n]));
        const posted: { id: bigint; debit: number; credit: number; amount: bigint; reversed: boolean; isReversal: boolean }[] = [];
        // What the model expects of legs applied in order: refused (409) or the new balances.
        const apply = (legs: { debit: number; credit: number; amount: bigint }[]) => {
          const next = new Map(model);
          for (const l of legs) {
            if (l.debit === wallets[PND]!.account.id) return null;
            const from = next.get(l.debit);
            if (from !== undefined) {
              if (from < l.amount) return null;
              next.set(l.debit, from - l.amount);
            }
            const to = next.get(l.credit);
            if (to !== undefined) next.set(l.credit, to + l.amount);
          }
          return next;
        };

        for (const operation of operations) {
          if (operation.op === 'post') {
            const legs = operation.legs.map((l) => ({ debit: ids[l.from]!, credit: ids[l.to]!, amount: BigInt(l.amount) }));
            const expected = apply(legs);
            let result: { id: bigint }[] = [];
            const status = await outcome(async (trx) => {
              result = await post(
                trx,
                legs.map((l) => ({ ...l, kind: 'transfer_out', reference: nextReference('P') })),
              );
            });
            expect(status).toBe(expected ? 200 : 409);
            if (expected) {
              for (const [id, balance] of expected) model.set(id, balance);
              for (const [i, r] of result.entries()) posted.push({ id: r.id, ...legs[i]!, reversed: false, isReversal: false });
            }
          } else {
            const target = posted[operation.pick % Math.max(posted.length, 1)];
            if (!target) continue;
            const expected = target.reversed || target.isReversal ? null : apply([{ debit: target.credit, credit: target.debit, amount: target.amount }]);
            let reversalId = 0n;
            const status = await outcome(async (trx) => {
              reversalId = (await reverse(trx, target.id)).id;
            });
            expect(status).toBe(expected ? 200 : 409);
            if (expected) {
              for (const [id, balance] of expected) model.set(id, balance);
              target.reversed = true;
              posted.push({ id: reversalId, debit: target.credit, credit: target.debit, amount: target.amount, reversed: false, isReversal: true });
            }
          }
          const actual = await balances(t.db, [...model.keys()]);
          expect(actual).toEqual(model);
          for (const balance of actual.values()) expect(balance >= 0n).toBe(true);
        }
        const check = await checkLedger(t.db);
        expect(check.differences).toEqual([]);
        expect(check.totalDebits).toBe(check.totalCredits);
      }),
      { numRuns: 25 },
    );
  });
});

import { COLLECTING_LOAN_STATUSES, loanReference } from '@traction/core';
import type { Actor, TestApp } from './harness';

/**
 * Puts the loans given that are being collected under automatic deduction through the deductions
 * commands — a deduction file saved, then a run over every active setting run by its job — and
 * answers the run's id: settings, a run and its items for tests that need them (the CSV comparison).
 * `as` needs deductions.manage and deductions.run.
 */
export async function deductionRunOver(t: TestApp, as: Actor, loanIds: readonly number[]): Promise<number> {
  const collected = await t.db
    .selectFrom('loans')
    .select('id')
    .where('id', 'in', loanIds.length ? [...loanIds] : [0])
    .where('status', 'in', [...COLLECTING_LOAN_STATUSES])
    .orderBy('id')
    .execute();
  if (collected.length === 0) throw new Error('none of these loans is being collected');
  const form = new FormData();
  form.append(
    'file',
    new File([['loan,cap_per_run,allow_partial,status', ...collected.map((loan) => `${loanReference(loan.id)},,yes,ACTIVE`)].join('\n')], 'deductions.csv'),
  );
  const headers = { authorization: `Bearer ${as.token}`, 'device-id': as.deviceId };
  const saved = await t.app.request('/v1/payments/admin/autodeduction/upload/save', {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': `deduction-kit-save-${Date.now()}` },
    body: form,
  });
  if (saved.status !== 200) throw new Error(`the deduction file was refused: ${saved.status} ${await saved.text()}`);
  const started = await as.request('POST', '/v1/payments/admin/autodeduction/init', {
    body: {},
    headers: { 'idempotency-key': `deduction-kit-run-${Date.now()}` },
  });
  if (started.status !== 200 || !started.body.run) throw new Error(`no deduction run was started: ${started.status} ${started.text}`);
  await t.runJobs();
  return started.body.run.id as number;
}

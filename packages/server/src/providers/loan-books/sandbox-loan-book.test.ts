import { describe, expect, it } from 'vitest';
import { LoanBookError } from './loan-book-exporter';
import { loandiskDate, SandboxLoanBook } from './sandbox-loan-book';

const repayment = {
  loanReference: 'LN-000042',
  amountKobo: 1_234_550n,
  collectedAt: new Date('2026-11-21T23:30:00.000Z'),
  collectedBy: 'Ada Obi',
  runId: 7,
  instalment: 3,
  ledgerReference: 'DED-7-42-3',
};

describe('the sandbox loan book (Loandisk)', () => {
  it('writes the repayments in Loandisk’s import columns: Naira without symbol, the Lagos day as dd/mm/yyyy', async () => {
    const file = await new SandboxLoanBook().repaymentImport([repayment, { ...repayment, collectedBy: null, instalment: 4 }], {
      from: '2026-11-21',
      to: '2026-11-22',
    });
    expect(file).toMatchObject({ fileName: 'loandisk-repayments-2026-11-21-to-2026-11-22.csv', contentType: 'text/csv; charset=utf-8' });
    expect(new TextDecoder().decode(file.body)).toBe(
      [
        'Loan Number,Repayment Amount,Repayment Collected Date,Repayment Method,Collected By,Description',
        // 23:30 UTC is 00:30 the next day in Lagos.
        'LN-000042,12345.50,22/11/2026,Wallet Deduction,Ada Obi,"Deduction run #7, instalment 3, DED-7-42-3"',
        'LN-000042,12345.50,22/11/2026,Wallet Deduction,Traction auto-deduction,"Deduction run #7, instalment 4, DED-7-42-3"',
        '',
      ].join('\n'),
    );
  });

  it('writes a header alone when nothing was taken, and a name that starts like a formula as text', async () => {
    const book = new SandboxLoanBook();
    expect(new TextDecoder().decode((await book.repaymentImport([], { from: '2026-11-21', to: '2026-11-21' })).body)).toBe(
      'Loan Number,Repayment Amount,Repayment Collected Date,Repayment Method,Collected By,Description\n',
    );
    const text = new TextDecoder().decode(
      (await book.repaymentImport([{ ...repayment, collectedBy: '=cmd()' }], { from: '2026-11-21', to: '2026-11-21' })).body,
    );
    expect(text).toContain(",'=cmd(),");
  });

  it('fails as unavailable while its outage is switched on, and answers again once off', async () => {
    const book = new SandboxLoanBook({ outage: true });
    await expect(book.repaymentImport([repayment], { from: '2026-11-21', to: '2026-11-21' })).rejects.toMatchObject({
      name: 'LoanBookError',
      kind: 'unavailable',
      system: 'Loandisk',
    });
    await expect(book.repaymentImport([], { from: '2026-11-21', to: '2026-11-21' })).rejects.toBeInstanceOf(LoanBookError);
    book.setOutage(false);
    expect(book.outageOn).toBe(false);
    await expect(book.repaymentImport([], { from: '2026-11-21', to: '2026-11-21' })).resolves.toMatchObject({ contentType: 'text/csv; charset=utf-8' });
  });

  it('dates by the Lagos calendar', () => {
    expect(loandiskDate(new Date('2026-01-31T22:59:59.999Z'))).toBe('31/01/2026');
    expect(loandiskDate(new Date('2026-01-31T23:00:00.000Z'))).toBe('01/02/2026');
  });
});

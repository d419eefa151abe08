import { formatNaira, lagosDate, vfdTransactions } from '@traction/core';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { TextField } from '../ui/TextField';
import { BankProblem, BankWaiting } from './BankProblem';

type Fields = { accountNo: string; fromDate: string; endDate: string };

const lastWeek = () => {
  const today = lagosDate(new Date());
  return { fromDate: lagosDate(new Date(Date.parse(`${today}T12:00:00+01:00`) - 6 * 86_400_000)), endDate: today };
};

/** VFD Transaction Query: the bank's statement of an account between two days. The query is kept in the URL. */
export default function VfdTransactionQueryPage() {
  const [params, setParams] = useSearchParams();
  const asked: Fields = useMemo(() => {
    const fallback = lastWeek();
    return {
      accountNo: params.get('accountNo') ?? '',
      fromDate: params.get('fromDate') ?? fallback.fromDate,
      endDate: params.get('endDate') ?? fallback.endDate,
    };
  }, [params]);
  const [draft, setDraft] = useState<Fields>(asked);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const valid = vfdTransactions.input.safeParse(asked).success;
  const query = useCommandQuery(vfdTransactions, asked, { enabled: valid });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = vfdTransactions.input.safeParse(draft);
    if (!parsed.success) {
      const found: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Fields] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    if (JSON.stringify(parsed.data) === JSON.stringify(asked)) void query.refetch();
    else setParams(parsed.data);
  };

  const set = (key: keyof Fields) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value.trim() }));
  const serverField = query.isError ? (query.error as { details?: { fields?: { field: string; message: string }[] } }).details?.fields?.[0] : undefined;
  const errorOf = (key: keyof Fields) => errors[key] ?? (serverField?.field === key ? serverField.message : undefined);
  const data = query.data;

  return (
    <div className="space-y-4">
      <PageHeader title="VFD Transaction Query" description="The transactions VFD Microfinance Bank holds for an account, at most 31 days at a time." />
      <form onSubmit={submit} className="flex flex-wrap items-start gap-2" aria-label="Transaction query">
        <TextField
          label="Account number"
          name="accountNo"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          placeholder="10 digits"
          data-page-search
          value={draft.accountNo}
          onChange={set('accountNo')}
          error={errorOf('accountNo')}
          className="w-44"
        />
        <TextField label="From" name="fromDate" type="date" value={draft.fromDate} onChange={set('fromDate')} error={errorOf('fromDate')} className="w-40" />
        <TextField label="To" name="endDate" type="date" value={draft.endDate} onChange={set('endDate')} error={errorOf('endDate')} className="w-40" />
        <Button type="submit" variant="primary" className="mt-5" disabled={query.isFetching}>
          Query
        </Button>
      </form>
      {query.isFetching ? <BankWaiting bankName="VFD" /> : null}
      {!query.isFetching && query.isError && !serverField ? (
        <BankProblem error={query.error} bankName="VFD Microfinance Bank" onRetry={() => void query.refetch()} />
      ) : null}
      {!query.isFetching && data ? (
        <section data-testid="vfd-result" className="space-y-3">
          <div className="flex flex-wrap gap-x-6 gap-y-1 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
            <span>
              <span className="text-zinc-500">Account </span>
              <span className="font-mono">{data.accountNo}</span> · {data.accountName}
            </span>
            <span>
              <span className="text-zinc-500">In </span>
              <span className="tabular-nums text-emerald-700 dark:text-emerald-400">{formatNaira(data.totalCreditKobo)}</span>
            </span>
            <span>
              <span className="text-zinc-500">Out </span>
              <span className="tabular-nums text-red-700 dark:text-red-400">{formatNaira(data.totalDebitKobo)}</span>
            </span>
            <span className="text-zinc-500">{data.items.length} transactions</span>
            {data.fixedAccount ? (
              <Link className="text-accent-700 underline dark:text-accent-400" to={`/merchants/${data.fixedAccount.businessId}`}>
                Our fixed account of {data.fixedAccount.businessName}
              </Link>
            ) : null}
          </div>
          {data.items.length === 0 ? (
            <p className="text-zinc-500">No transactions in this period.</p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
              <table className="w-full text-left text-sm" data-testid="vfd-transactions">
                <thead className="bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
                  <tr>
                    <th className="px-3 py-2 font-medium">Time</th>
                    <th className="px-3 py-2 font-medium">Type</th>
                    <th className="px-3 py-2 text-right font-medium">Amount</th>
                    <th className="px-3 py-2 text-right font-medium">Balance</th>
                    <th className="px-3 py-2 font-medium">Counterparty</th>
                    <th className="px-3 py-2 font-medium">Narration</th>
                    <th className="px-3 py-2 font-medium">Session id</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) => (
                    <tr key={item.reference} data-direction={item.direction} className="border-t border-zinc-100 dark:border-zinc-800">
                      <td className="px-3 py-1.5 whitespace-nowrap">{dateTimeFormat.format(new Date(item.at))}</td>
                      <td className="px-3 py-1.5">{item.direction === 'CREDIT' ? 'In' : 'Out'}</td>
                      <td className={`px-3 py-1.5 text-right tabular-nums ${item.direction === 'CREDIT' ? 'text-emerald-700 dark:text-emerald-400' : ''}`}>
                        {formatNaira(item.amountKobo)}
                      </td>
                      <td className="px-3 py-1.5 text-right tabular-nums">{formatNaira(item.balanceAfterKobo)}</td>
                      <td className="px-3 py-1.5">
                        {item.counterpartyName} <span className="text-zinc-500">{item.counterpartyBank}</span>
                      </td>
                      <td className="px-3 py-1.5">{item.narration}</td>
                      <td className="px-3 py-1.5 font-mono text-xs">{item.sessionId}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
    </div>
  );
}

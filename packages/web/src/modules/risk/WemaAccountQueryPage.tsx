import { accountNumberField, wemaAccountQuery } from '@traction/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { TextField } from '../ui/TextField';
import { BankProblem, BankWaiting } from './BankProblem';

const fieldError = (error: Error | null) => (error as { details?: { fields?: { field: string; message: string }[] } } | null)?.details?.fields?.[0]?.message;

/** Wema Bank Account Query: a name enquiry, with our own fixed account beside it when it is one. The number is kept in the URL. */
export default function WemaAccountQueryPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('accountNumber') ?? '';
  const [draft, setDraft] = useState(asked);
  const [problem, setProblem] = useState<string | undefined>();
  const valid = accountNumberField.safeParse(asked).success;
  const query = useCommandQuery(wemaAccountQuery, { accountNumber: asked }, { enabled: valid });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = accountNumberField.safeParse(draft);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    if (parsed.data === asked) void query.refetch();
    else setParams({ accountNumber: parsed.data });
  };

  const data = query.data;
  return (
    <div className="max-w-3xl space-y-4">
      <PageHeader
        title="Wema Bank Account Query"
        description="Ask Wema Bank who holds an account and its status. Our own fixed accounts show beside the bank's answer."
      />
      <form onSubmit={submit} className="flex flex-wrap items-start gap-2" aria-label="Account query">
        <TextField
          label="Account number"
          name="accountNumber"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          placeholder="10 digits"
          data-page-search
          value={draft}
          onChange={(event) => setDraft(event.target.value.replace(/\s/g, ''))}
          error={problem ?? (query.isError ? fieldError(query.error) : undefined)}
          className="w-56"
        />
        <Button type="submit" variant="primary" className="mt-5" disabled={query.isFetching}>
          Query
        </Button>
      </form>
      {query.isFetching ? <BankWaiting bankName="Wema Bank" /> : null}
      {!query.isFetching && query.isError && !fieldError(query.error) ? (
        <BankProblem error={query.error} bankName="Wema Bank" onRetry={() => void query.refetch()} />
      ) : null}
      {!query.isFetching && data ? (
        <section data-testid="wema-result" className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-zinc-500">Account</dt>
            <dd className="font-mono">{data.accountNumber}</dd>
            <dt className="text-zinc-500">Name at the bank</dt>
            <dd className="font-medium" data-testid="bank-account-name">
              {data.accountName}
            </dd>
            <dt className="text-zinc-500">Status at the bank</dt>
            <dd>{data.status.replace(/_/g, ' ')}</dd>
          </dl>
          {data.fixedAccount ? (
            <div className="border-t border-zinc-100 pt-3 dark:border-zinc-800">
              <h2 className="mb-1 font-medium">Our fixed account</h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="text-zinc-500">Business</dt>
                <dd>
                  <Link className="text-accent-700 underline dark:text-accent-400" to={`/merchants/${data.fixedAccount.businessId}`}>
                    {data.fixedAccount.businessName}
                  </Link>
                </dd>
                <dt className="text-zinc-500">Our name</dt>
                <dd>
                  {data.fixedAccount.accountName}
                  {data.nameMatches === false ? (
                    <span className="ml-2 text-amber-700 dark:text-amber-400">differs from the bank's — rename it on Inactive Accounts</span>
                  ) : null}
                </dd>
                <dt className="text-zinc-500">Our status</dt>
                <dd>
                  {data.fixedAccount.status}
                  {data.fixedAccount.blacklisted ? ', blacklisted' : ''}
                </dd>
                <dt className="text-zinc-500">Payments into it</dt>
                <dd data-allowed={data.inboundCredits?.allowed}>{data.inboundCredits?.allowed ? 'Accepted' : `Refused — ${data.inboundCredits?.reason}`}</dd>
              </dl>
            </div>
          ) : (
            <p className="text-sm text-zinc-500">Not one of our fixed accounts.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}

import {
  formatNaira,
  getLoan,
  LOAN_FREQUENCY_WORDS,
  LOAN_PURPOSE_WORDS,
  LOAN_STATUS_WORDS,
  type LoanDetail,
  listLoans,
  walletTransactionByReference,
} from '@traction/core';
import { describeLagosDay } from '@traction/core/format';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { type BatchFigure, BatchFigures } from '../bulk-transfers/BatchFigures';
import { approvalPath } from '../bulk-transfers/bulkPaths';
import { useArrivalNotice } from '../bulk-transfers/useArrivalNotice';
import { useShortcut } from '../keyboard/useShortcut';
import { useCommandQuery } from '../list/useCommandQuery';
import { DetailTable } from '../merchants/DetailTable';
import { Badge, type BadgeTone } from '../ui/Badge';
import { ChangeLogSection } from '../ui/ChangeLogSection';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';
import { ShortcutButtons } from '../ui/ShortcutButtons';
import { formatBasisPoints } from './formatBasisPoints';
import { LOANS_PATH } from './loanPaths';
import { LOAN_STATUS_TONES } from './loanStatusTone';
import { loanStatusNow } from './loanStatusNow';
import { useLoanActions } from './useLoanActions';

type Instalment = LoanDetail['schedule'][number];
const INSTALMENT_WORDS: Record<Instalment['state'], string> = { UPCOMING: 'Upcoming', DUE: 'Due', PARTLY_PAID: 'Partly paid', PAID: 'Paid', LATE: 'Late' };
const INSTALMENT_TONES: Record<Instalment['state'], BadgeTone> = { UPCOMING: 'neutral', DUE: 'warn', PARTLY_PAID: 'warn', PAID: 'good', LATE: 'bad' };
const count = (n: number) => n.toLocaleString('en-NG');

/** Before it is disbursed a loan owes nothing yet: what it would be, in figures. */
const termFigures = (loan: LoanDetail): BatchFigure[] => [
  { key: 'principal', label: 'Principal', value: formatNaira(loan.principal) },
  { key: 'interest', label: 'Interest', value: formatNaira(loan.interest), note: `${formatBasisPoints(loan.interestBps)} flat` },
  { key: 'fee', label: 'Fee', value: formatNaira(loan.fee) },
  { key: 'total', label: 'Repayable', value: formatNaira(loan.totalRepayable) },
  { key: 'instalment', label: 'Each instalment', value: formatNaira(loan.instalmentAmount), note: LOAN_FREQUENCY_WORDS[loan.frequency] },
  { key: 'instalments', label: 'Instalments', value: count(loan.instalments) },
];

/** Once disbursed: what it has repaid, still owes and is behind by. */
const repaymentFigures = (loan: LoanDetail): BatchFigure[] => [
  { key: 'principal', label: 'Principal', value: formatNaira(loan.principal) },
  { key: 'total', label: 'Repayable', value: formatNaira(loan.totalRepayable), note: `interest ${formatNaira(loan.interest)} + fee ${formatNaira(loan.fee)}` },
  { key: 'repaid', label: 'Repaid', value: formatNaira(loan.repaid), tone: loan.repaid > 0 ? 'good' : undefined },
  { key: 'outstanding', label: 'Outstanding', value: formatNaira(loan.outstanding) },
  {
    key: 'arrears',
    label: 'Arrears',
    value: formatNaira(loan.arrears),
    tone: loan.arrears > 0 ? 'bad' : undefined,
    note: loan.daysPastDue > 0 ? `${count(loan.daysPastDue)} day${loan.daysPastDue === 1 ? '' : 's'} past due` : 'none late',
  },
  { key: 'next', label: loan.daysPastDue > 0 ? 'Unpaid since' : 'Next due', value: loan.nextDueDate ? describeLagosDay(loan.nextDueDate) : '—' },
];

/**
 * One loan: where it stands in a sentence, its figures (principal, repayable, repaid, outstanding,
 * arrears, days past due, next due), its terms and who did what, the actions its state allows (e
 * edit terms, b disburse, c cancel, x mark defaulted, w write off), its schedule against what was
 * repaid, each repayment with its ledger reference, and its change log. `o` opens its approval
 * request, `m` its merchant, `u` all loans.
 */
export default function LoanPage() {
  const { id: raw = '' } = useParams();
  const id = Number(raw);
  const valid = Number.isSafeInteger(id) && id > 0;
  const shown = useCommandQuery(getLoan, { id }, { enabled: valid });
  const loan = shown.data;
  const notice = useArrivalNotice(loan?.status, shown.dataUpdatedAt);
  const buttons = useLoanActions(loan);
  const permissions = useAtomValue(permissionSetAtom);
  const navigate = useNavigate();
  const mayApprovals = permissions.has('approvals.view');
  const approvalId = loan?.approvalRequestId ?? null;
  useShortcut('o', 'Open its approval request', () => approvalId !== null && navigate(approvalPath(approvalId)), {
    enabled: approvalId !== null && mayApprovals,
  });
  useShortcut('m', "The merchant's page", () => loan && navigate(`/merchants/${loan.businessId}`), { enabled: !!loan && permissions.has('merchants.view') });
  useShortcut('u', 'All loans', () => navigate(LOANS_PATH), { enabled: permissions.has(listLoans.permission ?? '') });

  if (valid && shown.isPending) return <PageSpinner />;
  if (!loan) {
    return (
      <RecordNotLoaded
        valid={valid}
        error={shown.error}
        missing={`There is no loan #${raw}.`}
        failed="This loan could not be loaded"
        retry={() => void shown.refetch()}
      />
    );
  }
  const mayLedger = permissions.has(walletTransactionByReference.permission ?? '');
  const ledgerLink = (reference: string | null) =>
    reference === null ? (
      '—'
    ) : mayLedger ? (
      <Link className={`${linkClass} font-mono text-xs`} to={`/wallet-transaction-logs/${encodeURIComponent(reference)}`}>
        {reference}
      </Link>
    ) : (
      <span className="font-mono text-xs">{reference}</span>
    );
  const approvalLink = (keyed: boolean) =>
    loan.approvalRequestId === null ? null : mayApprovals ? (
      <Link className={linkClass} to={approvalPath(loan.approvalRequestId)} {...(keyed ? { 'data-testid': 'approval-link', 'aria-keyshortcuts': 'o' } : {})}>
        Approval request #{loan.approvalRequestId}
      </Link>
    ) : (
      `Approval request #${loan.approvalRequestId}`
    );
  const facts: [string, ReactNode][] = [
    [
      'Merchant',
      <Link key="merchant" className={linkClass} to={`/merchants/${loan.businessId}`} aria-keyshortcuts="m">
        {loan.businessName}
      </Link>,
    ],
    ['Purpose', LOAN_PURPOSE_WORDS[loan.purpose]],
    [
      'Terms',
      `${count(loan.instalments)} ${LOAN_FREQUENCY_WORDS[loan.frequency].toLowerCase()} instalment${loan.instalments === 1 ? '' : 's'} of ${formatNaira(loan.instalmentAmount)} · interest ${formatBasisPoints(loan.interestBps)} (${formatNaira(loan.interest)}) · fee ${formatNaira(loan.fee)}`,
    ],
    ['Reason', loan.reason],
    ['Requested', `${formatDateTime(loan.createdAt)}${loan.requestedBy ? ` by ${loan.requestedBy}` : ''}`],
    // Keyed here unless the status box, while it is requested, carries it.
    ['Approval', approvalLink(loan.status !== 'REQUESTED') ?? '—'],
    ['Approved by', loan.approvedBy ?? '—'],
    ['Disbursed', loan.disbursedAt ? `${formatDateTime(loan.disbursedAt)}${loan.disbursedBy ? ` by ${loan.disbursedBy}` : ''}` : '—'],
    ['Disbursement', ledgerLink(loan.disbursementReference)],
    ...(loan.writeOffReference ? ([['Write-off', ledgerLink(loan.writeOffReference)]] as [string, ReactNode][]) : []),
    ...(loan.closedAt ? ([['Closed', formatDateTime(loan.closedAt)]] as [string, ReactNode][]) : []),
    ...(loan.terminalRequestId !== null
      ? ([
          [
            'Terminal request',
            <Link key="terminal-request" className={linkClass} to={`/terminal-request/${loan.terminalRequestId}`}>
              #{loan.terminalRequestId}
            </Link>,
          ],
        ] as [string, ReactNode][])
      : []),
  ];

  return (
    <div className="max-w-6xl space-y-4" data-page="loan" data-loan-id={loan.id} data-status={loan.status}>
      <PageHeader
        title={`Loan ${loan.reference} · ${loan.businessName}`}
        description={`${LOAN_PURPOSE_WORDS[loan.purpose]} · requested ${formatDateTime(loan.createdAt)}`}
        actions={<ShortcutButtons buttons={buttons} focusHome />}
      />
      {notice ? (
        <p role="status" data-testid="loan-notice" className="rounded-md bg-emerald-50 p-2.5 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200">
          {notice}
        </p>
      ) : null}
      <section
        aria-label="Status now"
        data-testid="loan-now"
        className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <Badge tone={LOAN_STATUS_TONES[loan.status]}>{LOAN_STATUS_WORDS[loan.status]}</Badge>
        <div className="min-w-0 flex-1 basis-80 space-y-1">
          <p data-testid="loan-status-words">{loanStatusNow(loan)}</p>
          {loan.status === 'REQUESTED' && loan.approvalRequestId !== null ? (
            <p>
              {approvalLink(true)}
              {mayApprovals ? <span className="text-zinc-500 dark:text-zinc-400"> (o): a second admin approves or declines it there</span> : null}
            </p>
          ) : null}
        </div>
      </section>
      <BatchFigures label="Figures" figures={loan.disbursedAt ? repaymentFigures(loan) : termFigures(loan)} />
      <dl className="grid gap-x-4 gap-y-1 rounded-lg border border-zinc-200 p-3 text-sm sm:grid-cols-[auto_1fr] dark:border-zinc-800" data-testid="loan-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-500">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Section name="schedule" title="Schedule" count={loan.schedule.length} maxHeight="max-h-[28rem]">
          <DetailTable
            label="Schedule"
            rows={loan.schedule}
            rowKey={(instalment) => instalment.number}
            empty={loan.disbursedAt ? 'No instalments.' : 'The schedule is cut when the loan is disbursed.'}
            columns={[
              { label: '#', cell: (instalment) => instalment.number },
              { label: 'Due', cell: (instalment) => describeLagosDay(instalment.dueDate) },
              { label: 'Amount', cell: (instalment) => <span className="tabular-nums">{formatNaira(instalment.amount)}</span> },
              { label: 'Paid', cell: (instalment) => <span className="tabular-nums">{formatNaira(instalment.paid)}</span> },
              {
                label: 'State',
                cell: (instalment) => (
                  <span data-instalment-state={instalment.state}>
                    <Badge tone={INSTALMENT_TONES[instalment.state]}>{INSTALMENT_WORDS[instalment.state]}</Badge>
                  </span>
                ),
              },
            ]}
          />
        </Section>
        <Section name="repayments" title="Repayments" count={loan.repayments.length}>
          <DetailTable
            label="Repayments"
            rows={loan.repayments}
            rowKey={(repayment) => repayment.id}
            empty="Nothing repaid yet."
            columns={[
              { label: 'When', cell: (repayment) => formatDateTime(repayment.at) },
              { label: 'Instalment', cell: (repayment) => `#${repayment.instalment}` },
              { label: 'Amount', cell: (repayment) => <span className="tabular-nums">{formatNaira(repayment.amount)}</span> },
              { label: 'Ledger reference', cell: (repayment) => ledgerLink(repayment.transferReference) },
              {
                label: 'Run',
                cell: (repayment) =>
                  repayment.runId === null ? (
                    '—'
                  ) : permissions.has('deductions.view') ? (
                    <Link className={linkClass} to={`/auto-deduction/${repayment.runId}`}>
                      #{repayment.runId}
                    </Link>
                  ) : (
                    `#${repayment.runId}`
                  ),
              },
            ]}
          />
        </Section>
      </div>
      <ChangeLogSection events={loan.events.map((event) => ({ ...event, by: event.adminName }))} words={LOAN_STATUS_WORDS} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">m: the merchant · u: all loans · ?: every shortcut</p>
    </div>
  );
}

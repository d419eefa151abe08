import {
  CARD_SCHEME_WORDS,
  CUMULATION_STATUS_WORDS,
  getPaymentLog,
  PAYMENT_CHANNEL_WORDS,
  PAYMENT_SETTLEMENT_WORDS,
  PAYMENT_STATUS_WORDS,
} from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { Link, useParams } from 'react-router';
import { useCommandQuery } from '../list/useCommandQuery';
import { Badge } from '../ui/Badge';
import { buttonLinkClass } from '../ui/buttonLinkClass';
import { Field } from '../ui/Field';
import { formatCell } from '../ui/formatCell';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';

/** A settlement day as every date cell shows it (`26 Oct 2026`). */
const DAY_COLUMN = { key: 'settlementDate', label: 'Settlement day', kind: 'date' } as const;

/** One payment: what the merchant took and was charged, how the route and issuer answered, where its settlement stands, and its slip. */
export default function PaymentLogPage() {
  const { id: raw = '' } = useParams();
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  const shown = useCommandQuery(getPaymentLog, { id }, { enabled: valid });
  if (valid && shown.isPending) return <PageSpinner />;
  const detail = shown.data;
  if (!detail)
    return (
      <RecordNotLoaded
        valid={valid}
        error={shown.error}
        missing={`There is no payment #${raw}.`}
        failed="This payment could not be loaded"
        retry={() => void shown.refetch()}
      />
    );
  const { payment, cumulation } = detail;
  const tone = payment.status === 'SUCCESSFUL' ? 'good' : payment.status === 'REVERSED' ? 'warn' : 'bad';
  const receiptLink = payment.terminalId === null ? null : `/pos-terminal-receipt?terminal=${payment.terminalId}&rrn=${payment.rrn}&payment=${payment.id}`;
  return (
    <div className="max-w-4xl space-y-4" data-page="payment-log" data-payment={payment.id} data-status={payment.status}>
      <PageHeader
        title={`${PAYMENT_CHANNEL_WORDS[payment.channel]} ${formatNaira(payment.amount)} to ${payment.businessName}`}
        description={`${payment.reference} · ${formatDateTime(payment.createdAt)}`}
        actions={
          <>
            <Badge tone={tone}>{PAYMENT_STATUS_WORDS[payment.status]}</Badge>
            {receiptLink ? (
              <Link className={buttonLinkClass} to={receiptLink}>
                Receipt
              </Link>
            ) : null}
          </>
        }
      />
      <Section name="payment" title="Payment">
        <dl className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-3">
          <Field label="Merchant">
            <Link className={linkClass} to={`/merchants/${payment.businessId}`}>
              {payment.businessName}
            </Link>
          </Field>
          <Field label="Terminal">{payment.terminalId}</Field>
          <Field label="Channel">{PAYMENT_CHANNEL_WORDS[payment.channel]}</Field>
          <Field label="Card">{payment.cardScheme ? `${CARD_SCHEME_WORDS[payment.cardScheme]} ${payment.maskedPan}` : null}</Field>
          <Field label="Payer">{payment.payerName}</Field>
          <Field label="Amount">{formatNaira(payment.amount)}</Field>
          <Field label="Charge">{formatNaira(payment.charge)}</Field>
          <Field label="Net to merchant">{formatNaira(payment.net)}</Field>
          <Field label="Pricing band">{detail.chargeRule}</Field>
        </dl>
      </Section>
      <Section name="answer" title="Route and answer">
        <dl className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-3">
          <Field label="Route">{payment.routeName}</Field>
          <Field label={payment.channel === 'card' ? 'Issuing bank' : 'Payer’s bank'}>{payment.bankName}</Field>
          <Field label="Response">
            <span className="font-mono">{payment.responseCode}</span> {payment.responseMessage}
          </Field>
          <Field label="RRN">
            <span className="font-mono">{payment.rrn}</span>
          </Field>
          <Field label="STAN">
            <span className="font-mono">{payment.stan}</span>
          </Field>
        </dl>
      </Section>
      <Section name="settlement" title="Settlement">
        <dl className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-3">
          <Field label="State">{PAYMENT_SETTLEMENT_WORDS[payment.settlementState]}</Field>
          {cumulation ? (
            <>
              <Field label="Settlement day">
                {payment.settlementGroupId ? (
                  <Link className={linkClass} to={`/settlements/${payment.settlementGroupId}`}>
                    {formatCell(DAY_COLUMN, cumulation.settlementDate)} ({cumulation.aggregator ? 'aggregator' : 'direct'})
                  </Link>
                ) : (
                  formatCell(DAY_COLUMN, cumulation.settlementDate)
                )}
              </Field>
              <Field label="Cumulation">
                #{cumulation.id}: {CUMULATION_STATUS_WORDS[cumulation.status]}
              </Field>
              <Field label="Settled">{cumulation.settledAt ? formatDateTime(cumulation.settledAt) : null}</Field>
              <Field label="Reference">{cumulation.ledgerReference ?? cumulation.settledReference}</Field>
            </>
          ) : null}
        </dl>
      </Section>
    </div>
  );
}

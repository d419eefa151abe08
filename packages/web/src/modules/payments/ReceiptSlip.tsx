import { CARD_SCHEME_WORDS, PAYMENT_CHANNEL_WORDS, type PosReceipt } from '@traction/core';
import { formatNaira } from '@traction/core/format';

const slipDate = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Africa/Lagos' });
const slipTime = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone: 'Africa/Lagos' });

function Line({ left, right }: { left: string; right: string }) {
  return (
    <div className="flex justify-between gap-3">
      <span>{left}</span>
      <span className="text-right">{right}</span>
    </div>
  );
}

/**
 * A payment's slip as the terminal printed it for the customer: merchant, terminal, Lagos date
 * and time, the card as masked on the slip, the amount, APPROVED or DECLINED with the ISO code and
 * its words, RRN and STAN. The only thing that prints when the page is printed (data-print-only).
 */
export function ReceiptSlip({ receipt, print = true }: { receipt: PosReceipt; print?: boolean }) {
  const at = new Date(receipt.createdAt);
  return (
    <article
      aria-label={`Receipt ${receipt.rrn}`}
      data-receipt={receipt.paymentId}
      data-approved={receipt.approved}
      {...(print ? { 'data-print-only': '' } : {})}
      className="w-80 rounded-md border border-dashed border-zinc-400 bg-white p-4 font-mono text-xs leading-5 text-zinc-900 shadow-sm"
    >
      <header className="text-center">
        <p className="text-sm font-bold uppercase">{receipt.merchantName}</p>
        {receipt.merchantAddress ? <p>{receipt.merchantAddress}</p> : null}
      </header>
      <hr className="my-2 border-dashed border-zinc-400" />
      <Line left="TERMINAL" right={receipt.terminalId} />
      <Line left="DATE" right={slipDate.format(at)} />
      <Line left="TIME" right={slipTime.format(at)} />
      <hr className="my-2 border-dashed border-zinc-400" />
      <p className="text-center font-bold">{receipt.channel === 'card' ? 'PURCHASE' : `${PAYMENT_CHANNEL_WORDS[receipt.channel].toUpperCase()} PAYMENT`}</p>
      {receipt.cardScheme ? <Line left={CARD_SCHEME_WORDS[receipt.cardScheme].toUpperCase()} right={receipt.maskedPan ?? ''} /> : null}
      <Line left="AMOUNT" right={formatNaira(receipt.amount)} />
      <hr className="my-2 border-dashed border-zinc-400" />
      <p className="text-center text-sm font-bold" data-outcome>
        {receipt.approved ? 'APPROVED' : receipt.status === 'REVERSED' ? 'REVERSED' : 'DECLINED'}
      </p>
      <p className="text-center">
        {receipt.responseCode}: {receipt.responseMessage.toUpperCase()}
      </p>
      <hr className="my-2 border-dashed border-zinc-400" />
      <Line left="RRN" right={receipt.rrn} />
      <Line left="STAN" right={receipt.stan} />
      <Line left="REF" right={receipt.reference} />
      <p className="mt-2 text-center">Processed by Traction via {receipt.routeName}</p>
      <p className="mt-1 text-center font-bold">*** CUSTOMER COPY ***</p>
    </article>
  );
}

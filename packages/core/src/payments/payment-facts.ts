/**
 * What a payment taken by a merchant is made of (docs/decisions.md "Payment logs"): the channel it
 * came through, the card scheme, the processor route the company sent it on, the ISO 8583 answer
 * the issuer gave, and the status that answer means. Written once here; the server's tables check
 * the same values, and the console and CLI name them with these words.
 */
export const PAYMENT_CHANNELS = ['card', 'transfer', 'ussd'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];
export const PAYMENT_CHANNEL_WORDS: Record<PaymentChannel, string> = { card: 'Card', transfer: 'Bank transfer', ussd: 'USSD' };

export const CARD_SCHEMES = ['verve', 'mastercard', 'visa', 'afrigo'] as const;
export type CardScheme = (typeof CARD_SCHEMES)[number];
export const CARD_SCHEME_WORDS: Record<CardScheme, string> = { verve: 'Verve', mastercard: 'Mastercard', visa: 'Visa', afrigo: 'AfriGo' };

/**
 * The processors a payment is routed through. Card payments go to a card processor (PTSP);
 * transfers and USSD collections arrive through the aggregators' rails and are settled with the
 * aggregator group of a day's settlement.
 */
export interface ProcessorRoute {
  id: string;
  name: string;
  channels: readonly PaymentChannel[];
}
export const PROCESSOR_ROUTES: readonly ProcessorRoute[] = [
  { id: 'isw', name: 'Interswitch', channels: ['card'] },
  { id: 'upsl', name: 'Unified Payments', channels: ['card'] },
  { id: 'nibss-ptsa', name: 'NIBSS PTSA', channels: ['card'] },
  { id: 'etranzact', name: 'eTranzact', channels: ['card', 'ussd'] },
  { id: 'nibss-nip', name: 'NIBSS NIP', channels: ['transfer'] },
  { id: 'coralpay', name: 'CoralPay', channels: ['ussd'] },
];
export const PROCESSOR_ROUTE_IDS = PROCESSOR_ROUTES.map((route) => route.id) as [string, ...string[]];
export const routeById = (id: string): ProcessorRoute | undefined => PROCESSOR_ROUTES.find((route) => route.id === id);
export const routeName = (id: string): string => routeById(id)?.name ?? id;

/** Channels whose payments are settled in a day's aggregator group rather than its direct one. */
export const AGGREGATOR_CHANNELS: readonly PaymentChannel[] = ['transfer', 'ussd'];

/**
 * The ISO 8583 response codes a POS payment meets, with the message the terminal prints. `00` is
 * the only approval; `A0`/`68` are timeouts the processor reversed.
 */
export const RESPONSE_CODES: Readonly<Record<string, string>> = {
  '00': 'Approved',
  '01': 'Refer to card issuer',
  '05': 'Do not honour',
  '06': 'Error',
  '12': 'Invalid transaction',
  '13': 'Invalid amount',
  '14': 'Invalid card number',
  '25': 'Unable to locate record',
  '51': 'Insufficient funds',
  '54': 'Expired card',
  '55': 'Incorrect PIN',
  '57': 'Transaction not permitted to cardholder',
  '58': 'Transaction not permitted on terminal',
  '61': 'Exceeds withdrawal limit',
  '65': 'Exceeds withdrawal frequency',
  '68': 'Response received too late',
  '75': 'PIN tries exceeded',
  '91': 'Issuer or switch inoperative',
  '92': 'Routing error',
  '96': 'System malfunction',
};
export const RESPONSE_CODE_VALUES = Object.keys(RESPONSE_CODES) as [string, ...string[]];
export const responseMessage = (code: string): string => RESPONSE_CODES[code] ?? 'Unknown response';

/** Codes that say the route or the issuer failed, not the cardholder: what monitoring watches. */
export const SYSTEM_FAILURE_CODES: readonly string[] = ['06', '68', '91', '92', '96'];

/**
 * SUCCESSFUL: approved, and counted in its merchant's settlement. FAILED: declined, nothing moved.
 * REVERSED: approved but reversed by the processor (a timeout or the terminal's own reversal);
 * nothing is settled.
 */
export const PAYMENT_STATUSES = ['SUCCESSFUL', 'FAILED', 'REVERSED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_WORDS: Record<PaymentStatus, string> = { SUCCESSFUL: 'Successful', FAILED: 'Failed', REVERSED: 'Reversed' };

/** Where a payment is in its settlement, read from its cumulation (payments themselves never change). */
export const PAYMENT_SETTLEMENT_STATES = ['NOT_SETTLEABLE', 'UNSETTLED', 'AWAITING_APPROVAL', 'SETTLED', 'SETTLED_MANUALLY'] as const;
export type PaymentSettlementState = (typeof PAYMENT_SETTLEMENT_STATES)[number];
export const PAYMENT_SETTLEMENT_WORDS: Record<PaymentSettlementState, string> = {
  NOT_SETTLEABLE: 'Not settled (declined or reversed)',
  UNSETTLED: 'Unsettled',
  AWAITING_APPROVAL: 'Settlement awaiting approval',
  SETTLED: 'Settled to wallet',
  SETTLED_MANUALLY: 'Settled outside the system',
};

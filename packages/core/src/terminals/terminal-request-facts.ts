/**
 * Terminal requests (docs/decisions.md "Terminals"): where a request comes from, the views and
 * forms of the console, and the states a request passes through, written once. The server
 * refuses any other move (409 naming the current status); the console offers only these.
 */

/** The channels a request comes from; each form and each view but All and Loan is one of them. */
export const TERMINAL_REQUEST_SOURCES = ['KEY_ACCOUNTS', 'TELESALES', 'ISA', 'WEB_MOBILE', 'DSR', 'CROSS_SELLING', 'OMNIPAY'] as const;
export type TerminalRequestSource = (typeof TERMINAL_REQUEST_SOURCES)[number];

export const TERMINAL_REQUEST_SOURCE_WORDS: Record<TerminalRequestSource, string> = {
  KEY_ACCOUNTS: 'Key Accounts',
  TELESALES: 'Telesales',
  ISA: 'ISA',
  WEB_MOBILE: 'Web/Mobile',
  DSR: 'DSR',
  CROSS_SELLING: 'Cross Selling',
  OMNIPAY: 'OmniPay',
};

/** The nine Terminal Requests views (`/terminal-requests/<slug>`): one list, a fixed filter each. */
export const TERMINAL_REQUEST_VIEWS = [
  { slug: 'all', label: 'All', fixed: {} },
  { slug: 'key-accounts', label: 'Key Accounts', fixed: { source: 'KEY_ACCOUNTS' } },
  { slug: 'telesales', label: 'Telesales', fixed: { source: 'TELESALES' } },
  { slug: 'isa', label: 'ISA', fixed: { source: 'ISA' } },
  { slug: 'web-mobile', label: 'Web/Mobile', fixed: { source: 'WEB_MOBILE' } },
  { slug: 'loan', label: 'Loan', fixed: { isloan: true } },
  { slug: 'dsr', label: 'DSR', fixed: { source: 'DSR' } },
  { slug: 'cross-selling', label: 'Cross Selling', fixed: { source: 'CROSS_SELLING' } },
  { slug: 'omnipay', label: 'OmniPay', fixed: { source: 'OMNIPAY' } },
] as const satisfies readonly { slug: string; label: string; fixed: { source?: TerminalRequestSource; isloan?: boolean } }[];

/** The three request forms (`/terminal-request-form/<slug>`): the same form, its source fixed. */
export const TERMINAL_REQUEST_FORMS = [
  { slug: 'key-accounts', label: 'Key Accounts', source: 'KEY_ACCOUNTS' },
  { slug: 'telesales', label: 'Telesales', source: 'TELESALES' },
  { slug: 'cross-selling', label: 'Cross Selling', source: 'CROSS_SELLING' },
] as const satisfies readonly { slug: string; label: string; source: TerminalRequestSource }[];

export const TERMINAL_REQUEST_STATUSES = ['REQUESTED', 'APPROVED', 'DECLINED', 'PAID', 'ON_LOAN', 'ASSIGNED', 'DISPATCHED', 'DELIVERED', 'DEPLOYED'] as const;
export type TerminalRequestStatus = (typeof TERMINAL_REQUEST_STATUSES)[number];

export const TERMINAL_REQUEST_STATUS_WORDS: Record<TerminalRequestStatus, string> = {
  REQUESTED: 'Requested',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
  PAID: 'Paid',
  ON_LOAN: 'On loan',
  ASSIGNED: 'Terminal assigned',
  DISPATCHED: 'Dispatched',
  DELIVERED: 'Delivered',
  DEPLOYED: 'Deployed',
};

/**
 * Where a request may go from each status. Approved, it is paid for — or, a loan request, put
 * on loan — before terminals are assigned to it; then dispatched, delivered and deployed.
 * Declined and deployed are final.
 */
export const TERMINAL_REQUEST_MOVES: Record<TerminalRequestStatus, readonly TerminalRequestStatus[]> = {
  REQUESTED: ['APPROVED', 'DECLINED'],
  APPROVED: ['PAID', 'ON_LOAN'],
  DECLINED: [],
  PAID: ['ASSIGNED'],
  ON_LOAN: ['ASSIGNED'],
  ASSIGNED: ['DISPATCHED'],
  DISPATCHED: ['DELIVERED'],
  DELIVERED: ['DEPLOYED'],
  DEPLOYED: [],
};

/** The moves a request may make: its status's, less the payment route that is not its own (a loan request goes on loan, another is paid). */
export function nextRequestStatuses(status: TerminalRequestStatus, isLoan: boolean): TerminalRequestStatus[] {
  return TERMINAL_REQUEST_MOVES[status].filter((next) => (next === 'PAID' ? !isLoan : next === 'ON_LOAN' ? isLoan : true));
}

/** While a request may still be edited (its merchant, contact, address, quantity, plan): before terminals are assigned to it. */
export const EDITABLE_REQUEST_STATUSES: readonly TerminalRequestStatus[] = ['REQUESTED', 'APPROVED', 'PAID', 'ON_LOAN'];

export const MAX_TERMINALS_PER_REQUEST = 50;

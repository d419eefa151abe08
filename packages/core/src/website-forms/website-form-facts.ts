/**
 * Website Forms (docs/decisions.md "Public forms and Website Forms"): what people send from the
 * public chargeback and support forms, and the work queue's states, written once. The server
 * refuses any other move (409 naming the current state); the console and the CLI offer only these.
 */

/** What a submission is: a disputed payment, or a message for the help desk. */
export const WEBSITE_FORM_KINDS = ['CHARGEBACK', 'SUPPORT'] as const;
export type WebsiteFormKind = (typeof WEBSITE_FORM_KINDS)[number];
export const WEBSITE_FORM_KIND_WORDS: Record<WebsiteFormKind, string> = { CHARGEBACK: 'Chargeback', SUPPORT: 'Support' };

/** Who disputes a payment. */
export const CHARGEBACK_CLAIMANTS = ['CARDHOLDER', 'MERCHANT'] as const;
export type ChargebackClaimant = (typeof CHARGEBACK_CLAIMANTS)[number];
export const CHARGEBACK_CLAIMANT_WORDS: Record<ChargebackClaimant, string> = { CARDHOLDER: 'Cardholder', MERCHANT: 'Merchant' };

export const WEBSITE_FORM_STATUSES = ['NEW', 'ASSIGNED', 'REPLIED', 'RESOLVED'] as const;
export type WebsiteFormStatus = (typeof WEBSITE_FORM_STATUSES)[number];
export const WEBSITE_FORM_STATUS_WORDS: Record<WebsiteFormStatus, string> = {
  NEW: 'New',
  ASSIGNED: 'Assigned',
  REPLIED: 'Replied',
  RESOLVED: 'Resolved',
};

/**
 * Where a submission may go from each state. A new one is assigned to an admin (or resolved
 * straight away: a duplicate, spam that got through); an assigned one is replied to (as often as
 * needed), handed to another admin, or resolved. Resolved is final: a submitter who writes again
 * makes a new submission.
 */
export const WEBSITE_FORM_MOVES: Record<WebsiteFormStatus, readonly WebsiteFormStatus[]> = {
  NEW: ['ASSIGNED', 'RESOLVED'],
  ASSIGNED: ['ASSIGNED', 'REPLIED', 'RESOLVED'],
  REPLIED: ['REPLIED', 'RESOLVED'],
  RESOLVED: [],
};

export const canMoveWebsiteForm = (from: WebsiteFormStatus, to: WebsiteFormStatus): boolean => WEBSITE_FORM_MOVES[from].includes(to);

/** What an admin may do to a submission. */
export const WEBSITE_FORM_ACTIONS = ['ASSIGN', 'REPLY', 'RESOLVE'] as const;
export type WebsiteFormAction = (typeof WEBSITE_FORM_ACTIONS)[number];
export const WEBSITE_FORM_ACTION_WORDS: Record<WebsiteFormAction, string> = { ASSIGN: 'Assign', REPLY: 'Reply', RESOLVE: 'Resolve' };

/**
 * The state an action leaves a submission in. Assigning a replied one hands it over and keeps it
 * replied (the reply was sent; that stays true).
 */
export function websiteFormStatusAfter(action: WebsiteFormAction, from: WebsiteFormStatus): WebsiteFormStatus {
  if (action === 'ASSIGN') return from === 'REPLIED' ? 'REPLIED' : 'ASSIGNED';
  return action === 'REPLY' ? 'REPLIED' : 'RESOLVED';
}

/** Whether `action` is open to a submission in state `from`. */
export function canDoWebsiteFormAction(action: WebsiteFormAction, from: WebsiteFormStatus): boolean {
  if (action === 'ASSIGN' && from === 'REPLIED') return true;
  return canMoveWebsiteForm(from, websiteFormStatusAfter(action, from));
}

/** The actions a submission in this state allows. */
export function websiteFormActions(status: WebsiteFormStatus): WebsiteFormAction[] {
  return WEBSITE_FORM_ACTIONS.filter((action) => canDoWebsiteFormAction(action, status));
}

/**
 * How a support message's hand-over to the help desk stands: waiting for its first attempt,
 * failed for now and to be tried again (the help desk was down), delivered (a ticket exists), or
 * refused for good by the help desk (an admin deals with it from the queue; it is never lost).
 */
export const HELP_DESK_STATES = ['PENDING', 'RETRYING', 'DELIVERED', 'REFUSED'] as const;
export type HelpDeskState = (typeof HELP_DESK_STATES)[number];
export const HELP_DESK_STATE_WORDS: Record<HelpDeskState, string> = {
  PENDING: 'Waiting to be sent',
  RETRYING: 'Help desk down; retrying',
  DELIVERED: 'Ticket opened',
  REFUSED: 'Refused by the help desk',
};

/** WF-000123: how a submission is named to the person who sent it and in the queue. */
export const websiteFormReference = (id: number): string => `WF-${String(id).padStart(6, '0')}`;

/** The id in a reference (`WF-000123`, `wf-123` or `123`), or null when the text is not one. */
export function websiteFormIdOf(text: string): number | null {
  const match = /^(?:WF-?)?0*(\d{1,9})$/i.exec(text.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Submissions one address may send in an hour (the public guard counts them). */
export const CHARGEBACKS_PER_ADDRESS_PER_HOUR = 5;
export const SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR = 10;

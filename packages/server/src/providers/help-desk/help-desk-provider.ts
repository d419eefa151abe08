/** A support request as the help desk takes it: one ticket. */
export interface HelpDeskTicket {
  /**
   * Ours, unique (WF-000123): the help desk keeps it on the ticket, and a second create with the
   * same reference answers the first ticket, so a retried or taken-over delivery never opens two.
   */
  reference: string;
  subject: string;
  /** The message as the person wrote it, with who they are. */
  description: string;
  contact: { name: string; email: string; phone: string };
  businessName?: string | null;
}

export interface HelpDeskTicketCreated {
  /** The help desk's id for the ticket. */
  id: string;
  /** The number agents see (#10234). */
  number: string;
}

/** The help desk refused or could not be reached; no ticket was opened. */
export class HelpDeskError extends Error {
  override readonly name = 'HelpDeskError';
  constructor(
    message: string,
    /** True when trying again later may work (an outage, 5xx, a rate limit, a timeout). */
    readonly retryable: boolean,
    /** The HTTP status the help desk answered, when it answered. */
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The help desk support requests go to (Zoho Desk): opens a ticket from a support request. */
export interface HelpDesk {
  /** Its name in sentences: "Zoho Desk". */
  readonly system: string;
  readonly mode: 'sandbox' | 'http';
  createTicket(ticket: HelpDeskTicket): Promise<HelpDeskTicketCreated>;
}

import { HelpDeskError, type HelpDesk, type HelpDeskTicket, type HelpDeskTicketCreated } from './help-desk-provider';

export interface SandboxHelpDeskOptions {
  /** Start with the outage switched on (TRACTION_SANDBOX_HELP_DESK=outage). */
  outage?: boolean;
  /** Waited before every answer, as a real round trip (ms; default 0). */
  latencyMs?: number;
}

export interface SandboxTicket extends HelpDeskTicketCreated {
  ticket: HelpDeskTicket;
  createdAt: string;
}

/**
 * Behaves like Zoho Desk's ticket API without opening anything, deterministically, failures
 * included:
 * - the outage switch (`setOutage`, or TRACTION_SANDBOX_HELP_DESK=outage at start) answers every
 *   call as Zoho does during maintenance: 503, worth trying again;
 * - `failNext(n)` answers the next n calls 503 and then recovers (a short outage);
 * - a subject containing `[zoho-429]` is refused as rate-limited the first time its reference is
 *   tried (429, worth trying again); one containing `[zoho-422]` is refused for good (422, a
 *   ticket Zoho will not take), as a malformed ticket would be;
 * - a second create with a reference it already took answers the first ticket and opens nothing.
 * What it took lives in this process only (`tickets`).
 */
export class SandboxHelpDesk implements HelpDesk {
  readonly system = 'Zoho Desk (sandbox)';
  readonly mode = 'sandbox' as const;
  private readonly opened: SandboxTicket[] = [];
  private readonly byReference = new Map<string, SandboxTicket>();
  private readonly rateLimitedOnce = new Set<string>();
  private outage: boolean;
  private failing = 0;
  private readonly latencyMs: number;
  /** Calls refused, by how: what tests read. */
  readonly refused = { unavailable: 0, rateLimited: 0, rejected: 0 };

  constructor(options: SandboxHelpDeskOptions = {}) {
    this.outage = options.outage ?? false;
    this.latencyMs = options.latencyMs ?? 0;
  }

  /** Switches the provoked outage on or off. */
  setOutage(down: boolean): void {
    this.outage = down;
  }

  /** Answers the next `n` calls 503, then recovers. */
  failNext(n: number): void {
    this.failing = n;
  }

  async createTicket(ticket: HelpDeskTicket): Promise<HelpDeskTicketCreated> {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (this.outage || this.failing > 0) {
      if (this.failing > 0) this.failing -= 1;
      this.refused.unavailable += 1;
      throw new HelpDeskError(`${this.system} answered 503: the service is temporarily unavailable (maintenance)`, true, 503);
    }
    const known = this.byReference.get(ticket.reference);
    if (known) return { id: known.id, number: known.number };
    if (ticket.subject.includes('[zoho-429]') && !this.rateLimitedOnce.has(ticket.reference)) {
      this.rateLimitedOnce.add(ticket.reference);
      this.refused.rateLimited += 1;
      throw new HelpDeskError(`${this.system} answered 429: too many requests`, true, 429);
    }
    if (ticket.subject.includes('[zoho-422]')) {
      this.refused.rejected += 1;
      throw new HelpDeskError(`${this.system} answered 422: the ticket was refused (INVALID_DATA)`, false, 422);
    }
    const number = String(10_000 + this.opened.length + 1);
    const opened: SandboxTicket = {
      id: `sandbox-${number}`,
      number: `#${number}`,
      ticket,
      createdAt: new Date().toISOString(),
    };
    this.opened.push(opened);
    this.byReference.set(ticket.reference, opened);
    return { id: opened.id, number: opened.number };
  }

  /** Tickets it opened, oldest first. */
  tickets(): SandboxTicket[] {
    return [...this.opened];
  }
}

/** The help desk: only a sandbox so far (as the loan book); TRACTION_SANDBOX_HELP_DESK=outage starts it down. */
export function helpDeskFromEnv(env: NodeJS.ProcessEnv): HelpDesk {
  const setting = env.TRACTION_SANDBOX_HELP_DESK?.trim().toLowerCase();
  if (setting && setting !== 'outage' && setting !== 'up') {
    throw new Error(`TRACTION_SANDBOX_HELP_DESK must be outage or up, not "${env.TRACTION_SANDBOX_HELP_DESK}"`);
  }
  return new SandboxHelpDesk({ outage: setting === 'outage' });
}

/**
 * Zoho Desk's ticket API (https://desk.zoho.com/DeskAPIDocument, "Tickets"), every call with
 * `Authorization: Zoho-oauthtoken <token>` and `orgId: <organisation id>`:
 *
 *   GET  {url}/api/v1/tickets/search?subject=*<reference>*&departmentId&limit=1
 *                          →  200 { data: [{ id, ticketNumber, subject }] } · 204 (none)
 *   POST {url}/api/v1/tickets  { subject, departmentId, description, email, phone,
 *                                contact: { firstName, lastName, email, phone }, cf?: … }
 *                          →  200 { id, ticketNumber }
 *
 * Zoho keeps no reference of ours, so the ticket's subject carries it (the caller puts
 * `[WF-000123]` in it) and a create first searches for a ticket with it: a delivery retried after
 * a timeout, or taken over after a crash, answers the ticket already opened instead of a second
 * one. The search can lag a ticket opened a moment before; that window is the one left.
 * 4xx answers are the ticket refused for good (`retryable: false`), except 401 (the token expired
 * or was revoked: ours to fix, the request waits) and 429; 5xx, timeouts and no connection are
 * worth trying again. The token is never put in an error.
 */
import { formatSeconds } from '../banks/bank-provider';
import { fetchJson, NoAnswer } from '../json-api/fetch-json';
import { HelpDeskError, type HelpDesk, type HelpDeskTicket, type HelpDeskTicketCreated } from './help-desk-provider';

export interface HttpHelpDeskOptions {
  /** Zoho Desk's API base for the account's data centre: https://desk.zoho.com (or .eu, .in …). */
  url: string;
  /** A Zoho OAuth access token with the Desk.tickets.CREATE, Desk.tickets.READ and Desk.search.READ scopes. */
  token: string;
  orgId: string;
  departmentId: string;
  /** Give up after this long (default 15 s); the delivery is tried again later. */
  timeoutMs?: number;
}

type Answer = { status: number; body: unknown };

export class HttpHelpDesk implements HelpDesk {
  readonly system = 'Zoho Desk';
  readonly mode = 'http' as const;

  constructor(private readonly options: HttpHelpDeskOptions) {}

  async createTicket(ticket: HelpDeskTicket): Promise<HelpDeskTicketCreated> {
    const known = await this.findByReference(ticket.reference);
    if (known) return known;
    const { firstName, lastName } = splitName(ticket.contact.name, ticket.contact.email);
    const description = ticket.businessName ? `${ticket.description}\n\nBusiness: ${ticket.businessName}` : ticket.description;
    const answer = await this.call('POST', '/api/v1/tickets', {
      subject: ticket.subject.includes(ticket.reference) ? ticket.subject : `${ticket.subject} [${ticket.reference}]`,
      departmentId: this.options.departmentId,
      description,
      email: ticket.contact.email,
      phone: ticket.contact.phone,
      contact: { firstName, lastName, email: ticket.contact.email, phone: ticket.contact.phone },
    });
    if (answer.status >= 200 && answer.status < 300) {
      const created = readTicket(answer.body);
      // Opened, perhaps, but unreadable: the retry's search finds it rather than opening another.
      if (!created) throw new HelpDeskError(`${this.system} answered ${answer.status} without a ticket id and number`, true, answer.status);
      return created;
    }
    throw this.refusal(answer);
  }

  private async findByReference(reference: string): Promise<HelpDeskTicketCreated | null> {
    const query = new URLSearchParams({ subject: `*${reference}*`, departmentId: this.options.departmentId, limit: '1' });
    const answer = await this.call('GET', `/api/v1/tickets/search?${query}`);
    if (answer.status === 204) return null;
    if (answer.status < 200 || answer.status >= 300) throw this.refusal(answer);
    const data = (answer.body as { data?: unknown } | null)?.data;
    const match = Array.isArray(data)
      ? data.find((item: unknown) => typeof (item as { subject?: unknown })?.subject === 'string' && (item as { subject: string }).subject.includes(reference))
      : undefined;
    return match ? readTicket(match) : null;
  }

  private refusal(answer: Answer): HelpDeskError {
    const { errorCode, message } = (answer.body ?? {}) as { errorCode?: unknown; message?: unknown };
    const said = [errorCode, message].filter((part): part is string => typeof part === 'string' && part.length > 0).join(': ');
    const text = `${this.system} answered ${answer.status}${said ? ` (${said.slice(0, 200)})` : ''}`;
    if (answer.status === 401) return new HelpDeskError(`${text}: the OAuth token was refused; renew TRACTION_HELP_DESK_TOKEN`, true, 401);
    if (answer.status === 429) return new HelpDeskError(`${text}: too many requests`, true, 429);
    if (answer.status >= 400 && answer.status < 500) return new HelpDeskError(`${text}: the ticket was refused`, false, answer.status);
    return new HelpDeskError(text, true, answer.status);
  }

  private async call(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<Answer> {
    const timeoutMs = this.options.timeoutMs ?? 15_000;
    const headers = { authorization: `Zoho-oauthtoken ${this.options.token}`, orgId: this.options.orgId };
    try {
      const answer = await fetchJson(`${this.options.url.replace(/\/$/, '')}${path}`, { method, headers, ...(body ? { body } : {}) }, timeoutMs);
      return { status: answer.status, body: answer.body };
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      const said = error.timedOut ? `${this.system} did not answer within ${formatSeconds(timeoutMs)}` : `${this.system} could not be reached`;
      throw new HelpDeskError(said, true, null, { cause: error.cause });
    }
  }
}

function readTicket(body: unknown): HelpDeskTicketCreated | null {
  if (typeof body !== 'object' || body === null) return null;
  const { id, ticketNumber } = body as { id?: unknown; ticketNumber?: unknown };
  const idText = typeof id === 'string' || typeof id === 'number' ? String(id) : '';
  const number = typeof ticketNumber === 'string' || typeof ticketNumber === 'number' ? String(ticketNumber) : '';
  if (!idText || !number) return null;
  return { id: idText, number: number.startsWith('#') ? number : `#${number}` };
}

/** Zoho requires a contact's last name: the last word of the name, or the address's local part when there is no name. */
function splitName(name: string, email: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: '', lastName: email.split('@')[0] ?? email };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

/**
 * The help desk as `TRACTION_HELP_DESK_PROVIDER=http` sets it up: `TRACTION_HELP_DESK_URL`,
 * `TRACTION_HELP_DESK_TOKEN`, `TRACTION_HELP_DESK_ORG_ID` and `TRACTION_HELP_DESK_DEPARTMENT_ID`
 * are required; `TRACTION_HELP_DESK_TIMEOUT_MS` (default 15,000) is not.
 */
export function httpHelpDeskFromEnv(env: NodeJS.ProcessEnv): HttpHelpDesk {
  const required = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`${name} must be set when TRACTION_HELP_DESK_PROVIDER=http`);
    return value;
  };
  const options: HttpHelpDeskOptions = {
    url: required('TRACTION_HELP_DESK_URL'),
    token: required('TRACTION_HELP_DESK_TOKEN'),
    orgId: required('TRACTION_HELP_DESK_ORG_ID'),
    departmentId: required('TRACTION_HELP_DESK_DEPARTMENT_ID'),
  };
  const timeout = Number(env.TRACTION_HELP_DESK_TIMEOUT_MS);
  if (Number.isInteger(timeout) && timeout > 0) options.timeoutMs = timeout;
  return new HttpHelpDesk(options);
}

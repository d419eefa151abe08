import { randomUUID } from 'node:crypto';
import { smsSegments } from '@traction/core';
import { SmsDeliveryError, type SentSms, type SmsMessage, type SmsProvider } from './sms-provider';

export interface SandboxSmsOptions {
  /** Messages a second it takes; more within one second are refused as rate-limited. Default 20. */
  ratePerSecond?: number;
  /** Waited before every answer, as a real round trip (ms; default 0). */
  latencyMs?: number;
  /** Start with the outage switched on (TRACTION_SANDBOX_SMS=outage). */
  outage?: boolean;
  /** The gateway's clock for its rate window (real time by default: pacing is real time). */
  now?: () => number;
}

export interface SandboxSms extends SentSms {
  to: string;
  text: string;
  reference: string;
  sentAt: string;
}

/**
 * Behaves like an SMS gateway without sending anything, deterministically, failures included:
 * - a number ending 0000 is refused for good ("not a mobile number that can take SMS");
 * - a number ending 9999 fails temporarily the first time each message is tried, then goes;
 * - a number ending 8888 always fails temporarily (a network that never answers);
 * - more than `ratePerSecond` messages within one second are refused as rate-limited, with the
 *   wait to the end of the second;
 * - the outage switch (`setOutage`, or TRACTION_SANDBOX_SMS=outage at start) refuses every call
 *   as unavailable;
 * - a second send with a reference it already took answers the first message and sends nothing;
 * - `crashAfterSending(n)` throws a plain error right after the nth message from now was taken,
 *   as a process dying between the gateway's answer and our record of it (tests).
 * What it took lives in this process only (`outbox`).
 */
export class SandboxSmsGateway implements SmsProvider {
  readonly system = 'Termii (sandbox)';
  readonly mode = 'sandbox' as const;
  private readonly messages: SandboxSms[] = [];
  private readonly byReference = new Map<string, SandboxSms>();
  private readonly triedOnce = new Set<string>();
  private window = { start: 0, count: 0 };
  private outage: boolean;
  private settings: { ratePerSecond: number; latencyMs: number };
  private crashIn: number | null = null;
  private readonly now: () => number;
  /** Calls refused, by how: what tests read. */
  readonly refused = { rejected: 0, temporary: 0, rateLimited: 0, unavailable: 0 };

  constructor(options: SandboxSmsOptions = {}) {
    this.settings = { ratePerSecond: options.ratePerSecond ?? 20, latencyMs: options.latencyMs ?? 0 };
    this.outage = options.outage ?? false;
    this.now = options.now ?? (() => Date.now());
  }

  get ratePerSecond(): number {
    return this.settings.ratePerSecond;
  }

  /** Changes the rate or latency (tests make the rate high). */
  configure(options: Partial<Pick<SandboxSmsOptions, 'ratePerSecond' | 'latencyMs'>>): void {
    this.settings = { ...this.settings, ...options };
    this.window = { start: 0, count: 0 };
  }

  /** Switches the provoked outage on or off. */
  setOutage(down: boolean): void {
    this.outage = down;
  }

  /** Throws a plain error right after the `n`th message from now is taken (the message stays sent). */
  crashAfterSending(n: number | null): void {
    this.crashIn = n;
  }

  async send(message: SmsMessage): Promise<SentSms> {
    if (this.settings.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.settings.latencyMs));
    if (this.outage) {
      this.refused.unavailable += 1;
      throw new SmsDeliveryError(`${this.system} is not answering (503)`, 'unavailable', 60_000);
    }
    const known = this.byReference.get(message.reference);
    if (known) return { id: known.id, parts: known.parts };
    const now = this.now();
    if (now - this.window.start >= 1_000) this.window = { start: now, count: 0 };
    if (this.window.count >= this.settings.ratePerSecond) {
      this.refused.rateLimited += 1;
      throw new SmsDeliveryError(`${this.system} refused the message: too many requests (429)`, 'rate_limited', this.window.start + 1_000 - now);
    }
    this.window.count += 1;
    if (message.to.endsWith('0000')) {
      this.refused.rejected += 1;
      throw new SmsDeliveryError(`${message.to} is not a mobile number that can take SMS`, 'rejected');
    }
    if (message.to.endsWith('8888') || (message.to.endsWith('9999') && !this.triedOnce.has(message.reference))) {
      this.triedOnce.add(message.reference);
      this.refused.temporary += 1;
      throw new SmsDeliveryError(`The network of ${message.to} did not answer; try again later`, 'temporary');
    }
    const sent: SandboxSms = {
      id: `sms_${randomUUID()}`,
      parts: smsSegments(message.text).parts,
      to: message.to,
      text: message.text,
      reference: message.reference,
      sentAt: new Date().toISOString(),
    };
    this.messages.push(sent);
    this.byReference.set(message.reference, sent);
    if (this.crashIn !== null) {
      this.crashIn -= 1;
      if (this.crashIn <= 0) {
        this.crashIn = null;
        throw new Error('Sandbox SMS: the process died right after the gateway took the message');
      }
    }
    return { id: sent.id, parts: sent.parts };
  }

  async find(reference: string): Promise<SentSms | null> {
    if (this.outage) throw new SmsDeliveryError(`${this.system} is not answering (503)`, 'unavailable', 60_000);
    const known = this.byReference.get(reference);
    return known ? { id: known.id, parts: known.parts } : null;
  }

  /** Messages it took, oldest first, optionally only to one number. */
  outbox(to?: string): SandboxSms[] {
    return this.messages.filter((m) => !to || m.to === to);
  }
}

/** The SMS gateway: only a sandbox so far (as the loan book); TRACTION_SANDBOX_SMS=outage starts it down. */
export function smsFromEnv(env: NodeJS.ProcessEnv): SmsProvider {
  const rate = env.TRACTION_SMS_RATE_PER_SECOND ? Number(env.TRACTION_SMS_RATE_PER_SECOND) : undefined;
  if (rate !== undefined && (!Number.isFinite(rate) || rate <= 0 || rate > 10_000)) {
    throw new Error(`TRACTION_SMS_RATE_PER_SECOND must be a number of messages a second from 1 to 10000, not "${env.TRACTION_SMS_RATE_PER_SECOND}"`);
  }
  return new SandboxSmsGateway({ outage: env.TRACTION_SANDBOX_SMS === 'outage', ...(rate ? { ratePerSecond: rate } : {}) });
}

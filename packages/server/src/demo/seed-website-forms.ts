import { createHash } from 'node:crypto';
import {
  type ChargebackClaimant,
  formatNaira,
  type HelpDeskState,
  lagosDate,
  type WebsiteFormAction,
  type WebsiteFormStatus,
  websiteFormReference,
} from '@traction/core';
import type { AppDeps } from '../deps';
import { enqueueJob } from '../domains/jobs/index';
import { HELP_DESK_JOB } from '../domains/website-forms/index';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { createRandom } from './random';
import { specimenPdf } from './specimen-documents';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const SUPPORT_SUBJECTS: readonly [string, string][] = [
  ['Terminal not printing', 'Our POS terminal stopped printing customer slips this morning. The paper roll is new.'],
  ['Settlement not received', 'Yesterday’s card payments have not reached our account. Please check what happened.'],
  ['How do I add a cashier?', 'I want to give my shop assistant a cashier login on the app. How do I do it?'],
  ['Change of bank account', 'We moved our business account to another bank and want settlements paid there from next week.'],
  ['Terminal shows “host not reachable”', 'Every card payment fails with host not reachable since 2pm. Network is fine on our phones.'],
  ['Request for a second terminal', 'Business is growing and we need a second terminal for the other counter.'],
  ['Wrong charge on my statement', 'The charges on last week’s statement are higher than our agreed rate. Please explain.'],
  ['App keeps logging me out', 'The merchant app logs me out every few minutes on my phone.'],
];

const CHARGEBACK_STORIES = [
  'I was charged twice for one purchase; the first attempt showed declined on the terminal.',
  'The shop says the payment failed but my bank debited me. I paid again in cash.',
  'I did not make this payment. My card was with me the whole day.',
  'Customer paid but we never received value; the slip printed as approved.',
  'The amount charged is higher than what I agreed to pay.',
];

/** The state a demo submission ends in, and the moves that took it there. */
const PATHS: Record<WebsiteFormStatus, readonly WebsiteFormAction[]> = {
  NEW: [],
  ASSIGNED: ['ASSIGN'],
  REPLIED: ['ASSIGN', 'REPLY'],
  RESOLVED: ['ASSIGN', 'REPLY', 'RESOLVE'],
};
const STATUSES: readonly WebsiteFormStatus[] = ['NEW', 'NEW', 'ASSIGNED', 'ASSIGNED', 'REPLIED', 'RESOLVED', 'RESOLVED'];

/**
 * Loads demo Website Forms once (skipped when there are any): support requests and chargebacks in
 * every state, assigned to, replied to and resolved by the first demo admins, over the last 30
 * days. Support requests were handed to the help desk, but for one the help desk refused and one
 * still waiting out an outage (its delivery job due in ten minutes). Most chargebacks name a demo
 * payment by its RRN and are linked to it; two name payments that do not exist; a few carry a PDF
 * as evidence. Works without payments (then no chargeback is linked).
 */
export async function seedWebsiteForms(deps: AppDeps, options: { now?: Date } = {}): Promise<{ forms: number; linked: number }> {
  const { db } = deps;
  if (await db.selectFrom('website_forms').select('id').limit(1).executeTakeFirst()) return { forms: 0, linked: 0 };
  const now = options.now ?? deps.clock.now();
  const random = createRandom(40);
  const admins = await db.selectFrom('admins').select(['id', 'first_name']).where('deleted_at', 'is', null).orderBy('id').limit(3).execute();
  const payments = await db
    .selectFrom('payment_logs')
    .select(['id', 'rrn', 'terminal_id', 'amount', 'created_at'])
    .where('terminal_id', 'is not', null)
    .where('created_at', '>', new Date(now.getTime() - 60 * DAY))
    .where('created_at', '<', now)
    .orderBy('id')
    .limit(12)
    .execute();
  const person = () => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}${random.int(90) + 10}@example.ng`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
      phone: `+234803${String(1_000_000 + random.int(8_999_999)).padStart(7, '0')}`,
    };
  };

  let forms = 0;
  let linked = 0;
  const total = 30;
  for (let i = 0; i < total; i++) {
    const chargeback = i % 2 === 1;
    const status = STATUSES[i % STATUSES.length]!;
    const arrived = new Date(now.getTime() - (total - i) * DAY + random.int(10) * HOUR);
    const who = person();
    const base = { ...who, submitted_ip: `192.0.2.${i + 1}`, created_at: arrived, updated_at: arrived };
    let id: number;
    if (chargeback) {
      // Most name a demo payment by its RRN; two name a payment that does not exist.
      const payment = i % 10 !== 9 ? payments[(i >> 1) % Math.max(payments.length, 1)] : undefined;
      const amount = payment ? Number(payment.amount) : (random.int(50) + 1) * 100_000;
      const rrn = payment?.rrn ?? `9${String(100_000_000_00 + i).padStart(11, '0')}`;
      const day = payment ? lagosDate(payment.created_at) : lagosDate(new Date(arrived.getTime() - 2 * DAY));
      const claimant: ChargebackClaimant = i % 3 === 0 ? 'MERCHANT' : 'CARDHOLDER';
      const evidence = i % 4 === 1 ? Buffer.from(specimenPdf(['Bank statement (demo)', `Debit ${formatNaira(amount)} on ${day}`, `RRN ${rrn}`])) : null;
      const key = evidence ? createHash('sha256').update(`demo-website-form-${i}`).digest('hex') : null;
      if (evidence && key) await deps.providers.files.put(key, evidence);
      ({ id } = await db
        .insertInto('website_forms')
        .values({
          ...base,
          kind: 'CHARGEBACK',
          business_name: claimant === 'MERCHANT' ? `${who.name.split(' ')[1]} Stores` : null,
          subject: `${formatNaira(amount)} on ${day}, RRN ${rrn}`,
          message: CHARGEBACK_STORIES[i % CHARGEBACK_STORIES.length]!,
          claimant,
          rrn,
          terminal_id: payment?.terminal_id ?? null,
          amount,
          transaction_date: day,
          payment_id: payment?.id ?? null,
          evidence_name: evidence ? 'statement.pdf' : null,
          evidence_type: evidence ? 'application/pdf' : null,
          evidence_size: evidence?.byteLength ?? null,
          evidence_sha256: evidence ? createHash('sha256').update(evidence).digest('hex') : null,
          evidence_key: key,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
      if (payment) linked += 1;
    } else {
      const [subject, message] = SUPPORT_SUBJECTS[(i >> 1) % SUPPORT_SUBJECTS.length]!;
      const helpDesk: HelpDeskState = i === 20 ? 'REFUSED' : i === total - 2 ? 'RETRYING' : 'DELIVERED';
      ({ id } = await db
        .insertInto('website_forms')
        .values({
          ...base,
          kind: 'SUPPORT',
          business_name: i % 4 === 0 ? `${who.name.split(' ')[1]} Ventures` : null,
          subject,
          message,
          help_desk_state: helpDesk,
          help_desk_attempts: helpDesk === 'DELIVERED' ? 1 : 3,
          help_desk_ticket: helpDesk === 'DELIVERED' ? `#${20_000 + i}` : null,
          help_desk_delivered_at: helpDesk === 'DELIVERED' ? new Date(arrived.getTime() + 5_000) : null,
          help_desk_error:
            helpDesk === 'REFUSED'
              ? 'Zoho Desk (sandbox) answered 422: the ticket was refused (INVALID_DATA)'
              : helpDesk === 'RETRYING'
                ? 'Zoho Desk (sandbox) answered 503: the service is temporarily unavailable (maintenance)'
                : null,
          help_desk_next_at: helpDesk === 'RETRYING' ? new Date(now.getTime() + 10 * 60_000) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
      if (helpDesk === 'RETRYING') {
        await enqueueJob(db, {
          kind: HELP_DESK_JOB,
          payload: { formId: id },
          dedupeKey: `help-desk:${id}`,
          subject: websiteFormReference(id),
          runAt: new Date(now.getTime() + 10 * 60_000),
          now,
        });
      }
    }
    await db
      .insertInto('website_form_events')
      .values({ form_id: id, action: null, from_status: null, to_status: 'NEW', note: null, admin_id: null, at: arrived })
      .execute();
    forms += 1;
    if (admins.length === 0) continue;
    // Its moves, a few hours apart, by the first demo admins.
    let from: WebsiteFormStatus = 'NEW';
    let at = arrived;
    const worker = admins[i % admins.length]!;
    for (const action of PATHS[status]) {
      at = new Date(at.getTime() + (2 + random.int(20)) * HOUR);
      if (at > now) at = new Date(now.getTime() - 60_000);
      const to: WebsiteFormStatus = action === 'ASSIGN' ? 'ASSIGNED' : action === 'REPLY' ? 'REPLIED' : 'RESOLVED';
      const note =
        action === 'ASSIGN'
          ? `to ${worker.first_name}`
          : action === 'REPLY'
            ? `Hello ${who.name.split(' ')[0]}, thank you for writing. We are checking this with the ${chargeback ? 'acquiring bank' : 'terminal team'} and will update you shortly.`
            : chargeback
              ? random.pick([
                  'Refunded the duplicate debit',
                  'Payment confirmed successful; receipt sent',
                  'Declined: the cardholder’s bank confirmed the purchase',
                ])
              : random.pick(['Fixed on a call with the merchant', 'Answered by email', 'Terminal swapped']);
      await db
        .updateTable('website_forms')
        .set({
          status: to,
          updated_at: at,
          ...(action === 'ASSIGN' ? { assigned_to: worker.id, assigned_at: at } : {}),
          ...(action === 'REPLY' ? { replies: 1, last_replied_at: at } : {}),
          ...(action === 'RESOLVE' ? { resolution: note, resolved_by: worker.id, resolved_at: at } : {}),
        })
        .where('id', '=', id)
        .execute();
      await db.insertInto('website_form_events').values({ form_id: id, action, from_status: from, to_status: to, note, admin_id: worker.id, at }).execute();
      from = to;
    }
  }
  return { forms, linked };
}

import { websiteFormReference } from '@traction/core';
import type { JobDefinition } from '../jobs/index';
import { HelpDeskError } from '../../providers/help-desk/help-desk-provider';
import { recordHelpDeskAttempt, supportRequestForDelivery } from './website-forms.repository';

export const HELP_DESK_JOB = 'website-forms.help-desk';

const FIRST_RETRY_MS = 60_000;
const LONGEST_WAIT_MS = 60 * 60_000;

/** How long to wait after the `attempts`th failed hand-over: 1 min, 2, 4 … at most an hour, for as long as the help desk stays down. */
export function helpDeskRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Hands a support request to the help desk as a ticket. An outage (or any answer worth trying
 * again) is recorded on the request and the job comes back later — never given up, so a message
 * is never lost to an outage; a ticket the help desk refuses for good is marked refused for an
 * admin to deal with from the queue. The request's reference goes with the ticket, and the help
 * desk answers a second create with it with the first ticket: a run repeated after a crash opens
 * no second ticket.
 */
export const helpDeskDeliveryJob: JobDefinition<{ formId: number }> = {
  kind: HELP_DESK_JOB,
  leaseSeconds: 120,
  async run(job) {
    const { deps } = job;
    const form = await supportRequestForDelivery(deps.db, job.payload.formId);
    if (form?.kind !== 'SUPPORT') return { status: 'failed', reason: `There is no support request ${job.payload.formId}` };
    if (form.help_desk_state === 'DELIVERED') return { status: 'done', result: { ticket: form.help_desk_ticket } };
    if (form.help_desk_state === 'REFUSED') return { status: 'failed', reason: 'The help desk refused this request' };
    const reference = websiteFormReference(form.id);
    try {
      const created = await deps.providers.helpDesk.createTicket({
        reference,
        subject: `${form.subject} [${reference}]`,
        description: form.message,
        contact: { name: form.name, email: form.email, phone: form.phone },
        businessName: form.business_name,
      });
      await recordHelpDeskAttempt(deps.db, { id: form.id, state: 'DELIVERED', at: deps.clock.now(), ticket: created.number });
      deps.logger.info({ formId: form.id, ticket: created.number }, 'support request sent to the help desk');
      return { status: 'done', result: { ticket: created.number } };
    } catch (error) {
      const reason = describe(error);
      if (error instanceof HelpDeskError && !error.retryable) {
        await recordHelpDeskAttempt(deps.db, { id: form.id, state: 'REFUSED', at: deps.clock.now(), error: reason });
        deps.logger.error({ err: error, formId: form.id }, 'the help desk refused a support request');
        return { status: 'failed', reason };
      }
      const attempts = form.help_desk_attempts + 1;
      const nextAt = new Date(deps.clock.now().getTime() + helpDeskRetryDelayMs(attempts));
      await recordHelpDeskAttempt(deps.db, { id: form.id, state: 'RETRYING', at: deps.clock.now(), error: reason, nextAt });
      deps.logger.warn({ err: error, formId: form.id, nextAt: nextAt.toISOString() }, 'support request not sent to the help desk; will try again');
      return { status: 'retry', at: nextAt, reason };
    }
  },
};

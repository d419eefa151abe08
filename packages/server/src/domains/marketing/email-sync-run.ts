import { EMAIL_SYNC_JOB_KIND, type EmailSyncStatus, lagosDateTime } from '@traction/core';
import type { Db } from '../../db/connect';
import { type MarketingContact, MarketingProviderError, UNSUBSCRIBED_PAGE_LIMIT } from '../../providers/marketing/marketing-list-provider';
import type { JobDefinition, JobResult, RunningJob } from '../jobs/index';
import {
  findRunRecord,
  gatherOwners,
  type PendingContact,
  pendingContacts,
  type RunRecord,
  recordResults,
  runCounts,
  updateRun,
} from './email-sync.repository';
import { addOptOuts, optedOutAddresses } from './opt-outs';

/**
 * The job of a run (docs/decisions.md "Email-marketing sync"): first the provider's unsubscribed
 * contacts onto the opt-out list, then (a sync of every owner) the owners gathered as the run's
 * contacts, then the contacts not sent yet, a batch the provider's size at a time — the opted-out
 * ones skipped, never sent — each batch's results recorded with the opt-outs it taught us in one
 * transaction. A 429 puts the run to wait for its Retry-After (the job back in the queue until
 * then); a provider that does not answer is tried again later, and past MAX_OUTAGE_RETRIES the
 * run fails with the reason, to be retried by an admin. Resumable: a run carries on from the
 * contacts with no result, so a crash re-sends at most the one batch it was sending (an upsert,
 * which the provider answers as an update).
 */

export interface EmailSyncJobPayload {
  runId: number;
}

/** Times in a row the provider may fail to answer before the run fails. */
export const MAX_OUTAGE_RETRIES = 3;
/** The wait after the first failure to answer, doubled after each further one. */
export const OUTAGE_RETRY_SECONDS = 30;

const OPTED_OUT_REASON = 'On the opt-out list: never re-added';
const count = (n: number) => n.toLocaleString('en-NG');
const UNDER_WAY: readonly EmailSyncStatus[] = ['QUEUED', 'RUNNING', 'WAITING'];

/** Where the run stands, for its job's progress. */
async function reportProgress(job: RunningJob<EmailSyncJobPayload>, gathered: boolean, message: string) {
  const counts = await runCounts(job.deps.db, job.payload.runId);
  await job.progress({
    done: counts.reached,
    total: gathered ? counts.contacts : null,
    counts: { added: counts.added, updated: counts.updated, optedOut: counts.opted_out, failed: counts.failed },
    message,
  });
  return counts;
}

/** Reads the provider's unsubscribed contacts onto the opt-out list, a page at a time; answers how many were new to it. */
async function readProviderOptOuts(job: RunningJob<EmailSyncJobPayload>): Promise<number> {
  const { deps } = job;
  let added = 0;
  for (let offset = 0; ; offset += UNSUBSCRIBED_PAGE_LIMIT) {
    const page = await deps.providers.marketing.unsubscribedContacts({ offset, limit: UNSUBSCRIBED_PAGE_LIMIT });
    added += await addOptOuts(deps.db, 'EMAIL', page.emails, 'MARKETING_PROVIDER', deps.clock.now());
    if (page.emails.length < UNSUBSCRIBED_PAGE_LIMIT || offset + page.emails.length >= page.total) return added;
  }
}

const toMarketingContact = (contact: PendingContact): MarketingContact => ({
  email: contact.email,
  firstName: contact.first_name,
  lastName: contact.last_name,
  phone: contact.phone,
  businessName: contact.business_name ?? null,
  merchantId: contact.business_id,
});

/** One batch: the opted-out skipped, the rest sent, and every result recorded in one transaction. */
async function pushBatch(job: RunningJob<EmailSyncJobPayload>, run: RunRecord, batch: readonly PendingContact[]): Promise<void> {
  const { deps } = job;
  const optedOut = await optedOutAddresses(
    deps.db,
    'EMAIL',
    batch.map((contact) => contact.email),
  );
  const toSend = batch.filter((contact) => !optedOut.has(contact.email));
  const outcomes = toSend.length > 0 ? await deps.providers.marketing.upsertContacts(toSend.map(toMarketingContact)) : [];
  const byEmail = new Map(outcomes.map((outcome) => [outcome.email.toLowerCase(), outcome]));
  const at = deps.clock.now();
  const unsubscribed: string[] = [];
  const results = batch.map((contact) => {
    if (optedOut.has(contact.email)) return { id: contact.id, result: 'OPTED_OUT' as const, reason: OPTED_OUT_REASON };
    const outcome = byEmail.get(contact.email);
    if (!outcome) return { id: contact.id, result: 'FAILED' as const, reason: `${deps.providers.marketing.system} answered nothing for this contact` };
    if (outcome.outcome === 'added' || outcome.outcome === 'updated')
      return { id: contact.id, result: outcome.outcome === 'added' ? ('ADDED' as const) : ('UPDATED' as const), reason: null };
    if (outcome.outcome === 'unsubscribed') {
      unsubscribed.push(contact.email);
      return { id: contact.id, result: 'OPTED_OUT' as const, reason: `${outcome.reason}; added to the opt-out list` };
    }
    return { id: contact.id, result: 'FAILED' as const, reason: outcome.reason };
  });
  await deps.db.transaction().execute(async (trx) => {
    await recordResults(trx, results, at);
    const learned = await addOptOuts(trx, 'EMAIL', unsubscribed, 'MARKETING_PROVIDER', at);
    await updateRun(trx, run.id, { outageRetries: 0, addProviderOptOuts: learned });
  });
}

/** The provider failed a whole call: wait for its Retry-After, try again later, or fail the run. */
async function providerFailed(job: RunningJob<EmailSyncJobPayload>, run: RunRecord, error: MarketingProviderError, gathered: boolean): Promise<JobResult> {
  const { deps } = job;
  const now = deps.clock.now();
  const db: Db = deps.db;
  const fresh = (await findRunRecord(db, run.id)) ?? run;
  const notSent = async () => {
    const counts = await runCounts(db, run.id);
    return gathered ? `${count(counts.contacts - counts.reached)} of ${count(counts.contacts)} contacts not sent yet` : 'no contact sent yet';
  };
  const waitFor = async (seconds: number, note: string, patch: { outageRetries?: number } = {}): Promise<JobResult> => {
    const at = new Date(now.getTime() + seconds * 1000);
    const said = `${note}; carries on at ${lagosDateTime(at.toISOString())}`;
    await updateRun(db, run.id, { status: 'WAITING', waitUntil: at, note: said, ...patch }, UNDER_WAY);
    await reportProgress(job, gathered, said);
    return { status: 'retry', at, reason: said };
  };
  if (error.kind === 'rate_limited') {
    return waitFor(error.retryAfterSeconds ?? 60, `${error.message}: waiting ${error.retryAfterSeconds ?? 60} s as it asked`);
  }
  if (error.kind === 'unavailable' && fresh.outage_retries + 1 < MAX_OUTAGE_RETRIES) {
    const retries = fresh.outage_retries + 1;
    const seconds = OUTAGE_RETRY_SECONDS * 2 ** (retries - 1);
    return waitFor(seconds, `${error.message} (${retries} of ${MAX_OUTAGE_RETRIES} tries): trying again in ${seconds} s`, { outageRetries: retries });
  }
  const failure =
    error.kind === 'unavailable'
      ? `${error.system} did not answer ${MAX_OUTAGE_RETRIES} times in a row (${error.message}); ${await notSent()}. Retry the run once ${error.system} answers: it carries on with the contacts not sent yet.`
      : `${error.system} refused the call (${error.message}); ${await notSent()}.`;
  await updateRun(
    db,
    run.id,
    {
      status: 'FAILED',
      failure,
      note: null,
      waitUntil: null,
      finishedAt: now,
      outageRetries: error.kind === 'unavailable' ? MAX_OUTAGE_RETRIES : fresh.outage_retries,
    },
    UNDER_WAY,
  );
  await reportProgress(job, gathered, failure);
  return { status: 'failed', reason: failure };
}

/** Runs (or carries on) an email-marketing sync run. */
export async function runEmailSync(job: RunningJob<EmailSyncJobPayload>): Promise<JobResult> {
  const { deps } = job;
  const run = await findRunRecord(deps.db, job.payload.runId);
  if (!run) return { status: 'failed', reason: `Email-marketing sync #${job.payload.runId} does not exist` };
  if (run.status === 'DONE' || run.status === 'FAILED')
    return { status: 'done', result: { note: `Email-marketing sync #${run.id} is ${run.status.toLowerCase()}` } };
  const provider = deps.providers.marketing;
  let gathered = run.gathered;
  await updateRun(deps.db, run.id, { status: 'RUNNING', waitUntil: null, note: `Pushing contacts to ${provider.system}` }, UNDER_WAY);
  try {
    if (!run.opt_outs_read) {
      const learned = await readProviderOptOuts(job);
      await updateRun(deps.db, run.id, { optOutsRead: true, addProviderOptOuts: learned });
      await reportProgress(
        job,
        gathered,
        `${count(learned)} ${learned === 1 ? 'address' : 'addresses'} unsubscribed at ${provider.system} added to the opt-out list`,
      );
    }
    if (!gathered) {
      await deps.db.transaction().execute(async (trx) => {
        await gatherOwners(trx, run.id);
        await updateRun(trx, run.id, { gathered: true });
      });
      gathered = true;
    }
    for (;;) {
      if (job.signal.aborted) return { status: 'retry', at: deps.clock.now(), reason: 'The worker stopped; the run carries on with the contacts not sent yet' };
      const batch = await pendingContacts(deps.db, run.id, provider.batchLimit);
      if (batch.length === 0) break;
      await pushBatch(job, run, batch);
      await reportProgress(job, gathered, `A batch of ${count(batch.length)} pushed to ${provider.system}`);
    }
  } catch (error) {
    if (error instanceof MarketingProviderError) return providerFailed(job, run, error, gathered);
    throw error;
  }
  const now = deps.clock.now();
  await updateRun(deps.db, run.id, { status: 'DONE', note: null, waitUntil: null, finishedAt: now }, UNDER_WAY);
  const counts = await reportProgress(job, gathered, 'Every contact has a result');
  return {
    status: 'done',
    result: {
      contacts: counts.contacts,
      added: counts.added,
      updated: counts.updated,
      optedOut: counts.opted_out,
      failed: counts.failed,
      summary: `${count(counts.added)} added, ${count(counts.updated)} updated, ${count(counts.opted_out)} skipped as opted out, ${count(counts.failed)} failed of ${count(counts.contacts)} contacts`,
    },
  };
}

/** The jobs of the email-marketing sync, registered at the composition root (src/jobs.ts) through the domain's index. */
export const emailSyncJobs: readonly JobDefinition<EmailSyncJobPayload>[] = [{ kind: EMAIL_SYNC_JOB_KIND, leaseSeconds: 120, run: runEmailSync }];

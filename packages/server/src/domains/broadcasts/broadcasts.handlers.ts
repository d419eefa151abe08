import {
  BROADCAST_JOB_KIND,
  BROADCAST_STATUS_WORDS,
  type BroadcastAction,
  broadcastAllows,
  broadcastContent,
  broadcastContentProblems,
  type BroadcastPlan,
  type BroadcastStatus,
  badRequest,
  cancelBroadcast,
  channelsOf,
  conflict,
  createBroadcast,
  getBroadcast,
  listBroadcastDeliveries,
  listBroadcasts,
  notFound,
  sendBroadcast,
  unsubscribe,
  updateBroadcast,
} from '@traction/core';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { guardPublicRequest } from '../../handling/public-guard';
import { enqueueJob } from '../jobs/index';
import { addOptOuts } from '../marketing/index';
import { type StoredAudience, storableAudience } from '../notifications/index';
import {
  type BroadcastRecord,
  broadcastQuery,
  cancelSending,
  channelCounts,
  deliveriesQuery,
  deliveryCsv,
  filterBroadcasts,
  findBroadcast,
  insertBroadcast,
  lockBroadcast,
  markSending,
  planBroadcast,
  refreshBroadcastCounts,
  setBroadcastJob,
  snapshotDeliveries,
  toBroadcastRow,
  toDeliveryRow,
  updateBroadcastContent,
} from './broadcasts.repository';
import { readUnsubscribeToken, unsubscribeKey } from './unsubscribe-tokens';

const ACTION_WORDS: Record<BroadcastAction, string> = { edit: 'edited', send: 'sent', cancel: 'cancelled' };
const count = (n: number) => n.toLocaleString('en-NG');
const plural = (n: number, one: string, other = `${one}s`) => `${count(n)} ${n === 1 ? one : other}`;

/** The broadcast's status, locked; 404 when there is none, 409 naming the status when the action is not open to it. */
async function lockFor(ctx: HandlerContext, id: number, action: BroadcastAction): Promise<BroadcastStatus> {
  const locked = await lockBroadcast(ctx.db, id);
  if (!locked) throw notFound(`No broadcast has id ${id}`);
  if (!broadcastAllows(locked.status, action)) {
    const hint = action === 'edit' ? ': only a draft can be changed; write a new broadcast' : action === 'send' ? ': a broadcast is sent once' : '';
    throw conflict(`Broadcast ${id} is ${BROADCAST_STATUS_WORDS[locked.status].toLowerCase()}, so it cannot be ${ACTION_WORDS[action]}${hint}`, {
      reason: 'illegal_state',
      status: locked.status,
    });
  }
  return locked.status;
}

async function answer(ctx: HandlerContext, id: number, message: string) {
  return { broadcast: toBroadcastRow((await findBroadcast(ctx.db, id))!), message };
}

const contentOf = (input: {
  name: string;
  channels: 'EMAIL' | 'SMS' | 'BOTH';
  emailSubject?: string | undefined;
  emailBody?: string | undefined;
  smsText?: string | undefined;
}) => ({
  name: input.name,
  channels: input.channels,
  emailSubject: input.emailSubject ?? null,
  emailBody: input.emailBody ?? null,
  smsText: input.smsText ?? null,
});

/** "3 emails and 4 SMS to 4 merchants (1 opted out, 1 without an address)". */
function planWords(plan: BroadcastPlan): string {
  const messages = plan.channels.map((c) => (c.channel === 'EMAIL' ? plural(c.messages, 'email') : `${count(c.messages)} SMS`)).join(' and ');
  const optedOut = plan.channels.reduce((sum, c) => sum + c.optedOut, 0);
  const none = plan.channels.reduce((sum, c) => sum + c.noAddress, 0);
  const skipped = [optedOut > 0 ? `${count(optedOut)} on the opt-out list` : '', none > 0 ? `${count(none)} without an address` : ''].filter(Boolean);
  return `${messages} to ${plural(plan.merchants, 'merchant')}${skipped.length > 0 ? ` (skipped: ${skipped.join(', ')})` : ''}`;
}

export const listBroadcastsHandler = implementList(listBroadcasts, ({ input, ctx }) => ({
  query: filterBroadcasts(broadcastQuery(ctx.db), input),
  cursor: { column: 'b.id', key: 'id', direction: 'desc' },
  map: toBroadcastRow,
}));

export const getBroadcastHandler = implement(getBroadcast, async ({ input, ctx }) => {
  const row = await findBroadcast(ctx.db, input.id);
  if (!row) throw notFound(`No broadcast has id ${input.id}`);
  const channels = channelsOf(row.channels);
  return {
    broadcast: toBroadcastRow(row),
    counts: await channelCounts(ctx.db, row.id, channels),
    plan: row.status === 'DRAFT' ? await planBroadcast(ctx, row as StoredAudience, channels) : null,
  };
});

/** 400 naming the words a channel chosen needs and the broadcast does not have. */
function requireChannelWords(content: Parameters<typeof broadcastContentProblems>[0]): void {
  const problems = broadcastContentProblems(content);
  if (problems.length > 0) throw badRequest(`Invalid input: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, problems);
}

export const createBroadcastHandler = implement(createBroadcast, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  requireChannelWords(input);
  const audience = await storableAudience(ctx, admin.id, input);
  const id = await insertBroadcast(ctx.db, { content: contentOf(input), audience, adminId: admin.id, at: ctx.now });
  return answer(ctx, id, `Broadcast ${id} is saved as a draft. Check whom it reaches, then send it.`);
});

/** The draft as it stands, in the contract's words: what an update is laid over. */
function contentInput(row: BroadcastRecord): Record<string, unknown> {
  return {
    name: row.name,
    channels: row.channels,
    emailSubject: row.email_subject ?? undefined,
    emailBody: row.email_body ?? undefined,
    smsText: row.sms_text ?? undefined,
    audience: row.audience,
    audienceState: row.audience_state ?? undefined,
    audienceCategory: row.audience_category ?? undefined,
    audienceViewId: row.audience_view_id ?? undefined,
    audienceMerchantIds: row.audience_merchant_ids ?? undefined,
  };
}

export const updateBroadcastHandler = implement(updateBroadcast, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  await lockFor(ctx, input.id, 'edit');
  const row = (await findBroadcast(ctx.db, input.id))!;
  const { id, ...given } = input;
  const was = contentInput(row);
  // A new audience kind takes its own value: the old kind's is not carried over to it.
  const audienceChanged = given.audience !== undefined && given.audience !== row.audience;
  const merged: Record<string, unknown> = audienceChanged
    ? { ...was, audienceState: undefined, audienceCategory: undefined, audienceViewId: undefined, audienceMerchantIds: undefined }
    : { ...was };
  for (const [field, value] of Object.entries(given)) if (value !== undefined) merged[field] = value;
  const checked = broadcastContent.safeParse(merged);
  if (!checked.success) {
    const fields = checked.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message }));
    throw badRequest(`The broadcast would be incomplete: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`, fields);
  }
  requireChannelWords(checked.data);
  const audience = await storableAudience(ctx, admin.id, checked.data);
  await updateBroadcastContent(ctx.db, id, { content: contentOf(checked.data), audience, at: ctx.now });
  return answer(ctx, id, `Broadcast ${id} is changed.`);
});

export const sendBroadcastHandler = implement(sendBroadcast, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  await lockFor(ctx, input.id, 'send');
  const row = (await findBroadcast(ctx.db, input.id))!;
  const audience = row as StoredAudience;
  const channels = channelsOf(row.channels);
  if (input.dryRun) {
    const plan = await planBroadcast(ctx, audience, channels);
    return { broadcast: toBroadcastRow(row), plan, message: `A dry run, nothing sent: broadcast ${row.id} would send ${planWords(plan)}.` };
  }
  const { recipients, messages } = await snapshotDeliveries(ctx, row.id, { audience, channels, at: ctx.now });
  if (recipients === 0) throw conflict(`Broadcast ${row.id}'s audience reaches no merchants; change the audience first`, { reason: 'empty_audience' });
  await markSending(ctx.db, row.id, { adminId: admin.id, recipients, messages, at: ctx.now });
  await refreshBroadcastCounts(ctx.db, row.id);
  const job = await enqueueJob(ctx.db, {
    kind: BROADCAST_JOB_KIND,
    payload: { broadcastId: row.id },
    dedupeKey: `broadcast:${row.id}`,
    createdBy: admin.id,
    subject: `Broadcast #${row.id}`,
    now: ctx.now,
  });
  await setBroadcastJob(ctx.db, row.id, job.id);
  ctx.afterCommit(() => ctx.deps.jobs?.nudge());
  const sent = toBroadcastRow((await findBroadcast(ctx.db, row.id))!);
  const toSend = messages - sent.skipped;
  return {
    broadcast: sent,
    plan: null,
    message: `Broadcast ${row.id} is sending ${plural(toSend, 'message')} to ${plural(recipients, 'merchant')}${sent.skipped > 0 ? ` (${count(sent.skipped)} skipped: opted out or no address)` : ''}. Follow it on its page.`,
  };
});

export const cancelBroadcastHandler = implement(cancelBroadcast, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  await lockFor(ctx, input.id, 'cancel');
  const cancelled = await cancelSending(ctx.db, input.id, { adminId: admin.id, reason: input.reason, at: ctx.now });
  const row = toBroadcastRow((await findBroadcast(ctx.db, input.id))!);
  return {
    broadcast: row,
    message: `Broadcast ${input.id} is cancelled: ${plural(cancelled, 'message')} will not be sent; ${count(row.sent)} already sent stay sent.`,
  };
});

export const listBroadcastDeliveriesHandler = implementList(
  listBroadcastDeliveries,
  ({ input, ctx }) => ({
    query: deliveriesQuery(ctx.db, input.id, input),
    cursor: { column: 'd.id', key: 'id', direction: 'asc' },
    map: toDeliveryRow,
    csv: deliveryCsv,
  }),
  {
    precondition: async ({ input, ctx }) => {
      if (!(await findBroadcast(ctx.db, input.id))) throw notFound(`No broadcast has id ${input.id}`);
    },
  },
);

/** The one answer, whoever asks: it says nothing about the address or whether it was on the list already. */
const UNSUBSCRIBED = 'You will get no more messages from Traction at this address.';

/**
 * The unsubscribe link's command. Out of the command's transaction on purpose: the request is
 * counted against its address first and that count stays, so a run of forged tokens is refused
 * with 429 like any other; the opt-out is then written with its audit row.
 */
export const unsubscribeHandler = implement(
  unsubscribe,
  async ({ input, ctx }) => {
    const { discard } = await guardPublicRequest(ctx, { name: 'unsubscribe', max: 20, perSeconds: 600 }, { honeypot: input.website });
    if (discard) return { message: UNSUBSCRIBED };
    const read = readUnsubscribeToken(await unsubscribeKey(ctx.db, ctx.now), input.token);
    if (!read) {
      throw badRequest('This unsubscribe link is not valid: it may have been cut short when copied. Open the link from the message again.', [
        { field: 'token', message: 'is not a valid unsubscribe link' },
      ]);
    }
    await ctx.auditedTransaction((trx) => addOptOuts(trx, read.channel, [read.address], 'UNSUBSCRIBE_LINK', ctx.now));
    return { message: UNSUBSCRIBED };
  },
  { transactional: false },
);

import {
  ApiError,
  checkEmailSyncUpload,
  conflict,
  EMAIL_SYNC_JOB_KIND,
  EMAIL_SYNC_STATUS_WORDS,
  EMAIL_SYNC_UPLOAD_COLUMNS,
  type EmailSyncRunRow,
  emailSyncTemplate,
  getEmailSyncRun,
  lagosDateTime,
  listEmailSyncContacts,
  listEmailSyncRuns,
  notFound,
  retryEmailSync,
  startEmailSync,
  uploadEmailSyncContacts,
} from '@traction/core';
import { stringify } from 'csv-stringify/sync';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { type Implementation, implement, implementList } from '../../handling/implement';
import { withSavepoint } from '../../handling/savepoint';
import { enqueueJob } from '../jobs/index';
import { contactFileBytes, CONTACT_FILE_FIELD, checkContactRows, readContactRows } from './email-sync-upload';
import {
  contactCsv,
  contactQuery,
  findRun,
  findRunRecord,
  findUnfinishedAllOwnersRun,
  insertContacts,
  insertRun,
  lockRunRecord,
  runQuery,
  setRunJob,
  toContactRow,
  toRunRow,
  updateRun,
} from './email-sync.repository';
import { optedOutAddresses } from './opt-outs';

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-NG')} ${count === 1 ? one : many}`;
const SYNC_PAGE = 'the Email Marketing Sync page';

/** "Email-marketing sync #4, started 2026-11-21 10:00 by Ada Obi, is running". */
function describeUnfinished(run: EmailSyncRunRow): string {
  const by = run.startedBy ? ` by ${run.startedBy}` : '';
  return `Email-marketing sync #${run.id}, started ${lagosDateTime(run.createdAt)}${by}, is ${EMAIL_SYNC_STATUS_WORDS[run.status].toLowerCase()}`;
}

/** 409 naming the sync of every owner under way: one runs at a time. */
function syncRunning(run: EmailSyncRunRow): ApiError {
  return conflict(
    `${describeUnfinished(run)}: one sync of every merchant owner runs at a time. Follow it on ${SYNC_PAGE}; start another once it has finished.`,
    {
      reason: 'sync_running',
      runId: run.id,
    },
  );
}

/** Queues the job that pushes a run's contacts, in the command's transaction: a run exists only with the job that runs it. */
async function queueRun(ctx: HandlerContext, runId: number, adminId: number): Promise<void> {
  const job = await enqueueJob(ctx.db, {
    kind: EMAIL_SYNC_JOB_KIND,
    payload: { runId },
    dedupeKey: `email-sync:run:${runId}`,
    createdBy: adminId,
    subject: `Email-marketing sync #${runId}`,
    now: ctx.now,
  });
  await setRunJob(ctx.db, runId, job.id);
  ctx.afterCommit(() => ctx.deps.jobs?.nudge());
}

async function runOr404(ctx: HandlerContext, id: number): Promise<EmailSyncRunRow> {
  const run = await findRun(ctx.db, id);
  if (!run) throw notFound(`There is no email-marketing sync #${id}`);
  return run;
}

// ---- sync every owner

/**
 * The spec's GET syncallcontact starts work, so it is a mutating command: audited, in a
 * transaction, an Idempotency-Key honoured (a replay answers the first run). One sync of every
 * owner at a time, held by the partial unique index of 0039: a second start answers 409 naming
 * the run under way, even when two arrive at once.
 */
export const startEmailSyncHandler = implement(startEmailSync, async ({ ctx }) => {
  const admin = requireAdmin(ctx);
  const newRun = () => insertRun(ctx.db, { kind: 'ALL_OWNERS', fileName: null, createdBy: admin.id, at: ctx.now, gathered: false });
  let id = await newRun();
  const holder = id === undefined ? await findUnfinishedAllOwnersRun(ctx.db) : undefined;
  if (holder?.status === 'FAILED') {
    // Its job gave up (out of attempts, or cancelled) without the run saying so: it is failed, and holds the slot no longer.
    await updateRun(ctx.db, holder.id, { status: 'FAILED', failure: holder.failure ?? 'Its job gave up', note: null, waitUntil: null, finishedAt: ctx.now });
    id = await newRun();
  }
  if (id === undefined) {
    const running = await findUnfinishedAllOwnersRun(ctx.db);
    if (running) throw syncRunning(running);
    throw conflict('Another sync of every merchant owner was started at the same moment: look for it on the page.', { reason: 'sync_running' });
  }
  await queueRun(ctx, id, admin.id);
  const run = await runOr404(ctx, id);
  return {
    run,
    message: `Email-marketing sync #${id} started: every merchant owner goes to the ${ctx.deps.providers.marketing.system} list in batches of ${ctx.deps.providers.marketing.batchLimit}, opted-out addresses skipped. Follow it on ${SYNC_PAGE}.`,
  };
});

export const retryEmailSyncHandler = implement(retryEmailSync, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const record = await lockRunRecord(ctx.db, input.id);
  if (!record) throw notFound(`There is no email-marketing sync #${input.id}`);
  const run = await runOr404(ctx, input.id);
  if (run.status !== 'FAILED') {
    throw conflict(`Email-marketing sync #${run.id} is ${EMAIL_SYNC_STATUS_WORDS[run.status].toLowerCase()}: only a failed run is retried.`, {
      reason: 'not_failed',
      status: run.status,
    });
  }
  if (run.kind === 'ALL_OWNERS') {
    const running = await findUnfinishedAllOwnersRun(ctx.db);
    if (running && running.id !== run.id) throw syncRunning(running);
  }
  try {
    await withSavepoint(ctx.db, () =>
      updateRun(ctx.db, run.id, {
        status: 'QUEUED',
        failure: null,
        finishedAt: null,
        waitUntil: null,
        outageRetries: 0,
        note: 'Retried: carries on with the contacts not sent yet',
      }),
    );
  } catch (error) {
    // Another sync of every owner started between the look and the write.
    const running = await findUnfinishedAllOwnersRun(ctx.db);
    if (running) throw syncRunning(running);
    throw error;
  }
  await queueRun(ctx, run.id, admin.id);
  const pending = run.contacts === null ? null : run.contacts - run.reached;
  return {
    run: await runOr404(ctx, run.id),
    message: `Email-marketing sync #${run.id} is queued again: it carries on with ${pending === null ? 'its contacts' : plural(pending, 'contact')} not sent yet.`,
  };
});

// ---- lists

export const listEmailSyncRunsHandler = implementList(listEmailSyncRuns, ({ input, ctx }) => ({
  query: runQuery(ctx.db, input),
  cursor: { column: 'r.id', key: 'id', direction: 'desc' },
  map: toRunRow,
}));

export const getEmailSyncRunHandler = implement(getEmailSyncRun, ({ input, ctx }) => runOr404(ctx, input.id));

export const listEmailSyncContactsHandler = implementList(
  listEmailSyncContacts,
  ({ input, ctx }) => ({
    query: contactQuery(ctx.db, input.id, input),
    // The order the run pushes them in.
    cursor: { column: 'c.id', key: 'id', direction: 'asc' },
    map: toContactRow,
    csv: contactCsv,
  }),
  {
    precondition: async ({ input, ctx }) => {
      if (!(await findRunRecord(ctx.db, input.id))) throw notFound(`There is no email-marketing sync #${input.id}`);
    },
  },
);

// ---- contact files

export const emailSyncTemplateHandler = implement(emailSyncTemplate, async () => {
  const body = new TextEncoder().encode(
    stringify([EMAIL_SYNC_UPLOAD_COLUMNS.map((column) => column.key), EMAIL_SYNC_UPLOAD_COLUMNS.map((column) => column.example)]),
  );
  return { fileName: 'contacts-template.csv', contentType: 'text/csv; charset=utf-8', sizeBytes: body.byteLength, disposition: 'attachment' as const, body };
});

/** Reads and checks a contact file, and finds which of its good addresses are on the opt-out list. */
async function checkFile(ctx: HandlerContext, file: Blob) {
  const rows = readContactRows(await contactFileBytes(file));
  const { good, problems } = checkContactRows(rows);
  const optedOut = await optedOutAddresses(
    ctx.db,
    'EMAIL',
    good.map((contact) => contact.email),
  );
  const bad = new Set(problems.map((problem) => problem.row)).size;
  return { rows, good, problems, bad, optedOut: optedOut.size };
}

const optedOutWords = (optedOut: number) =>
  optedOut === 0 ? '' : ` ${plural(optedOut, 'address is', 'addresses are')} on the opt-out list and will be skipped, never re-added.`;

export const checkEmailSyncUploadHandler = implement(checkEmailSyncUpload, async ({ input, ctx }) => {
  const { rows, good, problems, bad, optedOut } = await checkFile(ctx, input.email);
  return {
    saved: false,
    rows: rows.length,
    good: good.length,
    optedOut,
    problems,
    run: null,
    message:
      (bad === 0
        ? `All ${plural(rows.length, 'row')} are good: upload the file to push them to the marketing list.`
        : `${plural(good.length, 'row')} of ${rows.length.toLocaleString('en-NG')} ${good.length === 1 ? 'is' : 'are'} good; ${plural(bad, 'row')} ${bad === 1 ? 'is' : 'are'} bad. Nothing was sent.`) +
      optedOutWords(optedOut),
  };
});

/** The uploaded file's name as the run keeps it. */
const fileNameOf = (file: Blob) => {
  const name = 'name' in file && typeof file.name === 'string' ? file.name.trim() : '';
  return (name || 'contacts.csv').slice(0, 255);
};

/**
 * Starts a run of a contact file's rows, in the command's transaction: every row, or none when a
 * row is bad, unless skipBadRows says to send the good ones. A refused file is a 400 whose details
 * list every problem (the console and the CLI show them), as the other uploads are.
 */
export const uploadEmailSyncContactsHandler = implement(uploadEmailSyncContacts, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const { rows, good, problems, bad, optedOut } = await checkFile(ctx, input.email);
  if (bad > 0 && (!input.skipBadRows || good.length === 0)) {
    const said = `${plural(bad, 'row')} ${bad === 1 ? 'is' : 'are'} bad`;
    throw new ApiError(
      400,
      `${said}: nothing was sent. Fix ${bad === 1 ? 'it' : 'them'} and upload the file again${good.length > 0 ? ', or send the good rows and skip the bad' : ''}.`,
      { fields: [{ field: CONTACT_FILE_FIELD, message: `has ${plural(bad, 'row')} that cannot be sent` }], problems },
    );
  }
  const id = await insertRun(ctx.db, { kind: 'UPLOAD', fileName: fileNameOf(input.email), createdBy: admin.id, at: ctx.now, gathered: true });
  if (id === undefined) throw new Error('An upload run was not inserted');
  await insertContacts(ctx.db, id, good);
  await queueRun(ctx, id, admin.id);
  return {
    saved: true,
    rows: rows.length,
    good: good.length,
    optedOut,
    problems,
    run: await runOr404(ctx, id),
    message:
      `Email-marketing sync #${id} started: ${plural(good.length, 'contact')} go to the marketing list${bad > 0 ? `; ${plural(bad, 'bad row')} skipped` : ''}.` +
      optedOutWords(optedOut),
  };
});

/** Implementations of the email-marketing commands. */
export const emailSyncImplementations: readonly Implementation[] = [
  listEmailSyncRunsHandler,
  getEmailSyncRunHandler,
  listEmailSyncContactsHandler,
  startEmailSyncHandler,
  retryEmailSyncHandler,
  emailSyncTemplateHandler,
  checkEmailSyncUploadHandler,
  uploadEmailSyncContactsHandler,
];

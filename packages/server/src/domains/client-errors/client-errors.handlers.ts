import { clientErrorSettings, conflict, listClientErrors, rangeBoundToDate, reportClientError, tooManyRequests } from '@traction/core';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { clientErrorQuery, insertClientError, lockReportsOf, matchingText, recentReports, toClientErrorEntry } from './client-errors.repository';

const RATE_WINDOW_MS = 10 * 60_000;

export const clientErrorSettingsHandler = implement(clientErrorSettings, async ({ ctx }) => ({
  reporter: ctx.deps.config.errorReporter,
  productionHost: ctx.deps.config.productionAdminHost,
}));

export const reportClientErrorHandler = implement(reportClientError, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const { errorReporter, clientErrorsPerAdminPer10Min } = ctx.deps.config;
  if (errorReporter !== 'server') {
    throw conflict('Error reporting is off on this server, so the report was not kept.', { reason: 'error_reporting_off' });
  }
  await lockReportsOf(ctx.db, admin.id);
  const since = new Date(ctx.now.getTime() - RATE_WINDOW_MS);
  const recent = await recentReports(ctx.db, admin.id, since);
  if (recent.count >= clientErrorsPerAdminPer10Min) {
    // Free again once the oldest report of the window has left it.
    const freeAt = (recent.oldest ?? ctx.now).getTime() + RATE_WINDOW_MS;
    throw tooManyRequests(
      `You have sent ${recent.count} error reports in the last 10 minutes, the most that are kept; the engineers already have them.`,
      Math.max(1, Math.ceil((freeAt - ctx.now.getTime()) / 1000)),
    );
  }
  const id = await insertClientError(ctx.db, {
    at: ctx.now,
    adminId: admin.id,
    adminEmail: admin.email,
    message: input.message,
    stack: input.stack ?? null,
    route: input.route,
    consoleVersion: input.consoleVersion,
    userAgent: ctx.request.userAgent || null,
    requestId: ctx.request.id,
  });
  return { id };
});

export const listClientErrorsHandler = implementList(listClientErrors, ({ input, ctx }) => {
  let query = clientErrorQuery(ctx.db);
  if (input.adminId !== undefined) query = query.where('e.admin_id', '=', input.adminId);
  if (input.search) query = query.where(matchingText(input.search));
  if (input.startdatetime) query = query.where('e.at', '>=', rangeBoundToDate(input.startdatetime, 'start'));
  if (input.enddatetime) query = query.where('e.at', '<=', rangeBoundToDate(input.enddatetime, 'end'));
  return { query, cursor: { column: 'e.id', key: 'id', direction: 'desc' }, map: toClientErrorEntry };
});

import {
  badRequest,
  conflict,
  createExport,
  deleteExport,
  downloadExport,
  type ExportFileRow,
  forbidden,
  getExport,
  listExports,
  notFound,
  rangeBoundToDate,
} from '@traction/core';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { exportFilters } from './export-filters';
import { deleteExportFile, exportFileQuery, exportParts, exportProgress, filterExportFiles, findExportFile, toExportFileRow } from './exports.repository';
import type { ListLookup } from './list-lookup';
import { startExport } from './start-export';

/**
 * An export file the caller may see: their own, anyone's with "downloads.view-all", and a
 * scheduled export's with "schedules.view" (its link is emailed to people who did not make it).
 * Others are not found.
 */
async function visibleExport(ctx: HandlerContext, id: number): Promise<ExportFileRow> {
  const admin = requireAdmin(ctx);
  const file = await findExportFile(ctx.db, id);
  const allowed =
    file &&
    (file.requestedBy === admin.id || admin.permissions.has('downloads.view-all') || (file.scheduleId !== null && admin.permissions.has('schedules.view')));
  if (!allowed) throw notFound(`There is no export file #${id}.`);
  return file;
}

/** A list an admin may export: it exists, streams CSV, and the admin holds its permission. */
export function exportableList(lists: ListLookup, ctx: HandlerContext, commandId: string, field = 'list') {
  const admin = requireAdmin(ctx);
  const list = lists(commandId);
  if (!list?.command.list?.csv || list.command.list.exportJobs === false) {
    throw badRequest(`There is no list "${commandId}" to export. Name a list by its command id, such as sales.list.`, [
      { field, message: 'is not a list that exports CSV' },
    ]);
  }
  const permission = list.command.permission;
  if (permission && !admin.permissions.has(permission)) {
    throw forbidden(`You do not have the "${permission}" permission needed to read ${list.command.title.toLowerCase()}, so you cannot export it.`, {
      reason: 'missing_permission',
      permission,
    });
  }
  return list;
}

export function exportImplementations(lists: ListLookup) {
  const create = implement(createExport, async ({ input, ctx }) => {
    const admin = requireAdmin(ctx);
    const list = exportableList(lists, ctx, input.list);
    const filters = exportFilters(list.command, input.filters);
    await list.precondition?.({ input: filters, ctx });
    const id = await startExport(ctx.db, {
      command: list.command,
      filters,
      requestedBy: admin.id,
      scheduleId: null,
      now: ctx.now,
      retentionDays: ctx.deps.config.exportRetentionDays,
    });
    ctx.afterCommit(() => ctx.deps.jobs?.nudge());
    return (await findExportFile(ctx.db, id))!;
  });

  const list = implementList(listExports, ({ input, ctx }) => {
    const admin = requireAdmin(ctx);
    if (!input.mine && !admin.permissions.has('downloads.view-all')) {
      throw forbidden('You do not have the "downloads.view-all" permission needed to see other admins’ export files.', {
        reason: 'missing_permission',
        permission: 'downloads.view-all',
      });
    }
    const query = filterExportFiles(exportFileQuery(ctx.db), {
      requestedBy: input.mine ? admin.id : undefined,
      status: input.status,
      from: input.startdatetime ? rangeBoundToDate(input.startdatetime, 'start') : undefined,
      to: input.enddatetime ? rangeBoundToDate(input.enddatetime, 'end') : undefined,
    });
    return { query, cursor: { column: 'e.id', key: 'id' as const, direction: 'desc' as const }, map: toExportFileRow };
  });

  const get = implement(getExport, ({ input, ctx }) => visibleExport(ctx, input.id));

  const download = implement(downloadExport, async ({ input, ctx }) => {
    const file = await visibleExport(ctx, input.id);
    if (file.status === 'EXPIRED' || Date.parse(file.expiresAt) <= ctx.now.getTime())
      throw conflict(`Export file #${file.id} expired on ${file.expiresAt.slice(0, 10)}; export the list again.`, { reason: 'expired' });
    if (file.status !== 'READY') {
      const where = file.rowsTotal ? `${file.rowsDone.toLocaleString('en')} of ${file.rowsTotal.toLocaleString('en')} rows written` : 'not started yet';
      throw conflict(`Export file #${file.id} is not ready: ${file.status === 'FAILED' ? `it failed (${file.error ?? 'no reason given'})` : where}.`, {
        reason: 'not_ready',
      });
    }
    const { parts } = (await exportProgress(ctx.db, file.id))!;
    return {
      fileName: file.fileName,
      contentType: 'text/csv; charset=utf-8',
      sizeBytes: file.bytes,
      disposition: 'attachment' as const,
      body: exportParts(ctx.deps.db, file.id, parts),
    };
  });

  const remove = implement(deleteExport, async ({ input, ctx }) => {
    const file = await visibleExport(ctx, input.id);
    await deleteExportFile(ctx.db, file.id);
    return { ok: true as const, message: `Export file #${file.id} (${file.title}) deleted.` };
  });

  return [create, list, get, download, remove];
}

import {
  alreadyInState,
  badRequest,
  commandsById,
  conflict,
  deleteSavedView,
  forbidden,
  listSavedViews,
  MAX_SAVED_VIEWS,
  notFound,
  renameSavedView,
  saveView,
  viewFilterIssues,
  type SavedView,
} from '@traction/core';
import type { Db } from '../../db/connect';
import { isUniqueViolation } from '../../db/unique-violation';
import { requireAdmin } from '../../handling/handler-context';
import { implement } from '../../handling/implement';
import { countViews, deleteView, findView, findViewNamed, insertView, listViews, lockViewsOf, renameView } from './saved-views.repository';

const nameTaken = (name: string) =>
  conflict(`You already have a view named “${name}” of this list; choose another name or rename that one.`, { reason: 'name_taken' });

/** Runs a write whose unique index may settle a race with another save of the same name. */
async function settlingNameRace<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'saved_views_name')) throw nameTaken(name);
    throw error;
  }
}

async function ownView(db: Db, adminId: number, id: number): Promise<SavedView> {
  // Someone else's view is answered exactly as one that does not exist: its id tells nothing.
  const view = await findView(db, adminId, id);
  if (!view) throw notFound(`You have no saved view ${id}`);
  return view;
}

export const saveViewHandler = implement(saveView, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const list = commandsById.get(input.listId);
  if (!list?.list) throw badRequest(`Invalid input: listId ${input.listId} is not a list`, [{ field: 'listId', message: 'is not a list' }]);
  if (list.permission !== null && !admin.permissions.has(list.permission)) {
    throw forbidden(`You do not have the "${list.permission}" permission needed to read this list, so you cannot save a view of it.`, {
      reason: 'missing_permission',
      permission: list.permission,
    });
  }
  const issues = viewFilterIssues(list, input.filters);
  if (issues.length > 0) throw badRequest(`Invalid input: ${issues.map((issue) => `${issue.field} ${issue.message}`).join('; ')}`, issues);

  await lockViewsOf(ctx.db, admin.id);
  if ((await countViews(ctx.db, admin.id)) >= MAX_SAVED_VIEWS) {
    throw conflict(`You already keep ${MAX_SAVED_VIEWS} saved views, the most one admin may; delete one you no longer use first.`, {
      reason: 'too_many_views',
    });
  }
  if (await findViewNamed(ctx.db, { adminId: admin.id, listId: list.id, name: input.name })) throw nameTaken(input.name);
  return settlingNameRace(input.name, () =>
    insertView(ctx.db, { adminId: admin.id, name: input.name, listId: list.id, page: input.page, filters: input.filters, at: ctx.now }),
  );
});

export const listSavedViewsHandler = implement(listSavedViews, async ({ ctx }) => ({ items: await listViews(ctx.db, requireAdmin(ctx).id) }));

export const renameSavedViewHandler = implement(renameSavedView, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const view = await ownView(ctx.db, admin.id, input.id);
  // The same name again would write an audit row for a change that changed nothing.
  if (view.name === input.name) throw alreadyInState(`The view is already named “${input.name}”.`);
  if (await findViewNamed(ctx.db, { adminId: admin.id, listId: view.listId, name: input.name, exceptId: view.id })) throw nameTaken(input.name);
  return settlingNameRace(input.name, () => renameView(ctx.db, { adminId: admin.id, id: view.id, name: input.name, at: ctx.now }));
});

export const deleteSavedViewHandler = implement(deleteSavedView, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const view = await ownView(ctx.db, admin.id, input.id);
  await deleteView(ctx.db, admin.id, view.id);
  return { ok: true as const, message: `Deleted the view “${view.name}”.` };
});

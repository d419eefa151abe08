import { z } from 'zod';
import { defineCommand } from '../../command';
import { said } from '../audit/audit-description';
import { idField, okOutput, timestamp } from '../../schemas/common';

/** Views one admin may keep: enough for every list several times over, few enough to scan in the sidebar. */
export const MAX_SAVED_VIEWS = 50;
/** Filters one view may hold; no list has this many. */
export const MAX_VIEW_FILTERS = 30;

/** A view's name, as people type it; unique per admin and list whatever its case. */
export const viewName = z.string().trim().min(1).max(60);

/**
 * A list's filters as its page's URL holds them (`?role=staff&search=ada` is
 * `{ role: 'staff', search: 'ada' }`): text, checked against the list's own input when saved.
 */
export const viewFilters = z
  .record(
    z
      .string()
      .max(60)
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be the name of a filter'),
    z.string().trim().min(1).max(500),
  )
  .refine((filters) => Object.keys(filters).length <= MAX_VIEW_FILTERS, `must hold at most ${MAX_VIEW_FILTERS} filters`);

/** One admin's saved view of a list. */
export const savedView = z.object({
  id: z.number().int(),
  /** The admin's name for it. */
  name: z.string(),
  /** The list command it filters (`admins.list`). */
  listId: z.string(),
  /** The console page it opens (`/admin`): several pages show one list with fixed filters of their own. */
  page: z.string(),
  /** The filters, as the page's URL holds them. */
  filters: z.record(z.string(), z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type SavedView = z.infer<typeof savedView>;

/** Saving, in an audit sentence: "save the view “Finance staff” of admins.list". */
const saveWords = (input: Readonly<Record<string, unknown>>) =>
  `save ${said(input.name) ? `the view “${said(input.name)}”` : 'a view'}${said(input.listId) ? ` of ${said(input.listId)}` : ''}`;

export const saveView = defineCommand({
  id: 'views.save',
  group: 'views',
  action: 'save',
  title: 'Save a list view',
  description: `Keeps a list's filters under a name of your own, to open again from the palette or the sidebar. Names are unique per list (any case); each admin keeps at most ${MAX_SAVED_VIEWS} views.`,
  keywords: ['saved view', 'bookmark', 'filters'],
  method: 'POST',
  path: '/v1/saved-views',
  permission: null,
  audit: { action: saveWords },
  input: z.object({
    name: viewName.describe('your name for the view, unique per list'),
    /** The list command whose filters these are. */
    listId: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be the id of a list command, such as admins.list')
      .meta({ label: 'List', description: 'the list command, e.g. admins.list', examples: ['admins.list'] }),
    /** The console page the view opens. */
    page: z
      .string()
      .trim()
      .max(200)
      .regex(/^(\/[a-z0-9-]+)+$/, 'must be a console page such as /admin')
      .meta({ description: 'the console page the view opens, e.g. /admin', examples: ['/admin'] }),
    filters: viewFilters.default({}).describe('the filters as the page URL holds them, e.g. {"role":"staff"}'),
  }),
  output: savedView,
  example: `traction views save --name "Staff in Finance" --list-id admins.list --page /admin --filters '{"role":"staff","department":"3"}'`,
});

export const listSavedViews = defineCommand({
  id: 'views.list',
  group: 'views',
  action: 'list',
  title: 'List my saved views',
  description: 'Your saved views, by name. Nobody else sees them.',
  keywords: ['saved views', 'bookmarks'],
  method: 'GET',
  path: '/v1/saved-views',
  permission: null,
  input: z.object({}),
  output: z.object({ items: z.array(savedView) }),
  example: 'traction views list',
});

export const renameSavedView = defineCommand({
  id: 'views.rename',
  group: 'views',
  action: 'rename',
  title: 'Rename a saved view',
  method: 'PATCH',
  path: '/v1/saved-views/{id}',
  permission: null,
  audit: { action: (input) => `rename saved view ${said(input.id) || '?'}${said(input.name) ? ` to “${said(input.name)}”` : ''}` },
  input: z.object({ id: idField, name: viewName.describe('the new name, unique per list') }),
  output: savedView,
  example: 'traction views rename --id 12 --name "Finance staff"',
});

export const deleteSavedView = defineCommand({
  id: 'views.delete',
  group: 'views',
  action: 'delete',
  title: 'Delete a saved view',
  description: 'Removes one of your saved views; the list and its rows are untouched.',
  method: 'DELETE',
  path: '/v1/saved-views/{id}',
  permission: null,
  audit: { action: (input) => `delete saved view ${said(input.id) || '?'}` },
  input: z.object({ id: idField }),
  output: okOutput,
  example: 'traction views delete --id 12',
});

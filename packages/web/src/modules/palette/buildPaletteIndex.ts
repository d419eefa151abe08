import { checkEmail, deviceLogin, login, logout, reportClientError, setPassword, viewCommands, type AnyCommand } from '@traction/core';
import { canOpen } from '../../canOpen';
import type { RouteEntry } from '../../routes';
import type { PaletteEntry } from './PaletteEntry';

/**
 * Session commands the palette leaves out: signing in and out and setting a password have their
 * own screens, and a form would leave the console's stored session behind.
 */
export const SESSION_COMMANDS: ReadonlySet<AnyCommand> = new Set<AnyCommand>([login, deviceLogin, logout, checkEmail, setPassword]);

/**
 * Where the palette opens a route: its path without the parameters it may go without
 * (`/auto-deduction-settings/{_id?}` is the settings list at `/auto-deduction-settings`).
 */
export const paletteRoutePath = (route: RouteEntry) => route.path.replace(/\/\{[A-Za-z_][A-Za-z0-9_]*\?\}/g, '');

/** A page the palette can go to: it exists, it is inside the console, and it needs no record id. */
// System pages (No Permission, Error) sit outside the sidebar and every group: nobody goes there on purpose.
export const isPaletteRoute = (route: RouteEntry) =>
  Boolean(route.page) && !route.public && !paletteRoutePath(route).includes('{') && (route.inSidebar || route.group !== null);

/** Saved views are made and managed where they live (a list's Save view, the Saved views page); the palette opens them instead. */
const SAVED_VIEW_COMMANDS: ReadonlySet<AnyCommand> = new Set<AnyCommand>(viewCommands);

/** The console sends an error report by itself when a page fails; nobody fills one in. */
const CONSOLE_SENT_COMMANDS: ReadonlySet<AnyCommand> = new Set<AnyCommand>([reportClientError]);

/** A command an admin runs from the palette rather than from a session screen. */
export const isPaletteCommand = (command: AnyCommand) =>
  command.auth === 'admin' && !SESSION_COMMANDS.has(command) && !SAVED_VIEW_COMMANDS.has(command) && !CONSOLE_SENT_COMMANDS.has(command);

/** A bulk command (core's `selectionFields`): it acts on rows selected on a list, so the palette offers it for the selection. */
export const takesSelection = (command: AnyCommand) => 'ids' in command.input.shape && 'matching' in command.input.shape;

/**
 * Commands the palette leaves out because something it offers already does the same: a list
 * shown by a page the admin may open (the page, not a form that can only count the rows), a
 * bulk command (offered with the selection bar's words while rows are selected), a command
 * another one covers (`coveredBy`).
 */
function repeatsAnother(command: AnyCommand, offeredRoutes: ReadonlySet<string>, offered: (id: string) => boolean): boolean {
  if (command.list?.route !== undefined && offeredRoutes.has(command.list.route)) return true;
  if (takesSelection(command)) return true;
  return command.coveredBy !== undefined && offered(command.coveredBy);
}

/**
 * Every page the admin may open and every command they may run, each once (no command that
 * repeats a page or another command), per permission set; the palette ranks this list on each
 * keystroke. `savedViews` (the admin's own, first) come from the server.
 */
export function buildPaletteIndex(
  routes: readonly RouteEntry[],
  commands: readonly AnyCommand[],
  permissions: ReadonlySet<string>,
  savedViews: readonly PaletteEntry[] = [],
): PaletteEntry[] {
  const entries: PaletteEntry[] = [...savedViews];
  for (const route of routes) {
    if (!isPaletteRoute(route) || !canOpen(route, permissions)) continue;
    const path = paletteRoutePath(route);
    entries.push({
      key: `route:${path}`,
      kind: 'route',
      label: route.label,
      group: route.group ?? '',
      keywords: [],
      target: path,
      ...(route.chord ? { chord: route.chord } : {}),
    });
  }
  const offeredRoutes = new Set(entries.flatMap((entry) => (entry.kind === 'route' ? [entry.target] : [])));
  const allowed = (command: AnyCommand) => isPaletteCommand(command) && (command.permission === null || permissions.has(command.permission));
  const byId = new Map(commands.map((command) => [command.id, command]));
  const offered = (id: string) => {
    const command = byId.get(id);
    return command !== undefined && allowed(command);
  };
  for (const command of commands) {
    if (!allowed(command) || repeatsAnother(command, offeredRoutes, offered)) continue;
    entries.push({
      key: `command:${command.id}`,
      kind: 'command',
      label: command.title,
      group: command.group,
      keywords: [...(command.keywords ?? []), command.action],
      target: command.id,
      ...(command.danger !== 'none' ? { danger: command.danger } : {}),
    });
  }
  return entries;
}

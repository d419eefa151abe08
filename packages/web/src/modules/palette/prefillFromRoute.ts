import type { AnyCommand } from '@traction/core';

/** Pages whose `{id}` is a business (a merchant): the only ones the palette prefills from, so an id never lands on the wrong kind of record. */
const BUSINESS_PAGE = /^\/merchants\/(\d+)\/?$/;
/** A command whose `{id}` is a business: `/v1/businesses/{id}/…`, `/v1/businesses/admin/{id}`, `/v1/payments/accounts/businesses/{id}`. */
const BUSINESS_ID_PATH = /\/businesses\/(admin\/)?\{id\}/;

/**
 * Starting values for a command opened from the palette on a merchant's page: its `businessId`,
 * or its `id` when the command's path says that id is a business. Shown in the form, still editable.
 */
export function prefillFromRoute(pathname: string, command: AnyCommand | undefined): Record<string, unknown> | undefined {
  const match = BUSINESS_PAGE.exec(pathname);
  if (!match || !command) return undefined;
  const businessId = Number(match[1]);
  const shape = command.input.shape as Record<string, unknown>;
  if ('businessId' in shape) return { businessId };
  if ('id' in shape && BUSINESS_ID_PATH.test(command.path)) return { id: businessId };
  return undefined;
}

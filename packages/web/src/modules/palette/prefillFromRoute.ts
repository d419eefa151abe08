import { getMerchant, type AnyCommand, type MerchantDetail } from '@traction/core';
import type { QueryClient } from '@tanstack/react-query';

/** Pages whose `{id}` is a business (a merchant): the only ones the palette prefills from, so an id never lands on the wrong kind of record. */
const BUSINESS_PAGE = /^\/merchants\/(\d+)\/?$/;
/** A command whose `{id}` is a business: `/v1/businesses/{id}` and `/v1/businesses/{id}/…`, `/v2/businesses/admin/{id}/…`, `/v1/payments/accounts/businesses/{id}`. */
const BUSINESS_ID_PATH = /\/businesses\/(admin\/)?\{id\}/;

/** What a command opened from the palette starts with on the page on screen. */
export interface PageContext {
  /** Starting values: the business of the page, shown in the form and still editable. */
  initial: Record<string, unknown>;
  /** The business's name as the page shows it, when it has loaded: the form's buttons name it. */
  about?: string;
}

/**
 * On a merchant's page, a command about a business starts with that business: its `businessId`,
 * or its `id` when the command's path says that id is a business; and says its name.
 */
export function prefillFromRoute(pathname: string, command: AnyCommand | undefined, queryClient?: QueryClient): PageContext | undefined {
  const match = BUSINESS_PAGE.exec(pathname);
  if (!match || !command) return undefined;
  const businessId = Number(match[1]);
  const shape = command.input.shape as Record<string, unknown>;
  let initial: Record<string, unknown>;
  if ('businessId' in shape) initial = { businessId };
  else if ('id' in shape && BUSINESS_ID_PATH.test(command.path)) initial = { id: businessId };
  else return undefined;
  const about = queryClient?.getQueryData<MerchantDetail>([getMerchant.id, { id: businessId }])?.business.name;
  return about ? { initial, about } : { initial };
}

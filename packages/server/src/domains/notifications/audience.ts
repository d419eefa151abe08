import { type Audience, badRequest, coerceTextInput, conflict, describeAudience, listMerchants } from '@traction/core';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/database';
import type { HandlerContext } from '../../handling/handler-context';
import type { ListSource } from '../../handling/implement';
import { merchantsListImplementation } from '../merchants/index';
import { findOwnSavedView } from '../views/index';

/**
 * An audience as stored: its kind and the one value the kind uses. A saved view is kept as the
 * filters it held when the message was written (and its name), so renaming or deleting the view
 * later, or another admin publishing, reads the same merchants the writer chose.
 */
export interface StoredAudience {
  audience: Audience['audience'];
  audience_state: string | null;
  audience_category: string | null;
  audience_view_id: number | null;
  audience_view_name: string | null;
  audience_filters: Record<string, string> | null;
  audience_merchant_ids: number[] | null;
}

/** The audience as typed, checked and made ready to store: a saved view must be the writer's own view of the merchants list. */
export async function storableAudience(ctx: HandlerContext, adminId: number, input: Audience): Promise<StoredAudience> {
  let view: { name: string; filters: Record<string, string> } | null = null;
  if (input.audience === 'SAVED_VIEW') {
    const found = await findOwnSavedView(ctx.db, adminId, input.audienceViewId!);
    if (!found) throw badRequest('No saved view of yours has that id', [{ field: 'audienceViewId', message: 'is not one of your saved views' }]);
    if (found.listId !== listMerchants.id) {
      throw badRequest(`The saved view "${found.name}" is a view of another list, not of merchants`, [
        { field: 'audienceViewId', message: 'must be a saved view of the merchants list' },
      ]);
    }
    view = { name: found.name, filters: found.filters };
  }
  return {
    audience: input.audience,
    audience_state: input.audience === 'STATE' ? input.audienceState! : null,
    audience_category: input.audience === 'CATEGORY' ? input.audienceCategory! : null,
    audience_view_id: view ? input.audienceViewId! : null,
    audience_view_name: view?.name ?? null,
    audience_filters: view?.filters ?? null,
    audience_merchant_ids: input.audience === 'MERCHANTS' ? [...new Set(input.audienceMerchantIds)].sort((a, b) => a - b) : null,
  };
}

/** The audience as the contract shows it. */
export function audienceOfRow(row: StoredAudience) {
  const audience: Audience = {
    audience: row.audience,
    audienceState: row.audience_state ?? undefined,
    audienceCategory: row.audience_category ?? undefined,
    audienceViewId: row.audience_view_id ?? undefined,
    audienceMerchantIds: row.audience_merchant_ids ?? undefined,
  };
  return {
    audience: row.audience,
    audienceState: row.audience_state,
    audienceCategory: row.audience_category,
    audienceViewId: row.audience_view_id,
    audienceMerchantIds: row.audience_merchant_ids,
    audienceWords: describeAudience(audience, row.audience_view_name),
  };
}

/** The ids of the businesses an audience reaches now, as a subquery (`id`) to insert from or count. */
export function audienceBusinessIds(ctx: HandlerContext, audience: StoredAudience): SelectQueryBuilder<Database, 'businesses', { id: number }> {
  const businesses = ctx.db.selectFrom('businesses').select('businesses.id');
  switch (audience.audience) {
    case 'ALL':
      return businesses;
    case 'STATE':
      return businesses.where('businesses.state_code', '=', audience.audience_state!);
    case 'CATEGORY':
      return businesses.where('businesses.category', '=', audience.audience_category!);
    case 'MERCHANTS':
      return businesses.where(sql<boolean>`businesses.id = any(${audience.audience_merchant_ids ?? []})`);
    case 'SAVED_VIEW':
      return businesses.where('businesses.id', 'in', savedViewIds(ctx, audience));
  }
}

/** The merchants a saved view's filters select, read through the merchants list's own query. */
function savedViewIds(ctx: HandlerContext, audience: StoredAudience) {
  const raw = coerceTextInput(listMerchants.input, { ...(audience.audience_filters ?? {}) });
  const parsed = listMerchants.input.safeParse({ ...raw, page: 1 });
  if (!parsed.success) {
    throw conflict(
      `The saved view "${audience.audience_view_name ?? audience.audience_view_id}" no longer reads as a merchants filter; write the audience again`,
      {
        reason: 'audience_unreadable',
      },
    );
  }
  return merchantsListImplementation.list({ input: parsed.data as Record<string, unknown>, ctx })((source) => idsOf(source));
}

function idsOf<DB, TB, Row, Out extends object>(source: ListSource<DB, TB, Row, Out>) {
  // biome-ignore lint/suspicious/noExplicitAny: the merchants list's tables are its own; only its cursor column (b.id) is read
  return (source.query as any).clearSelect().select(sql.ref(source.cursor.column).as('id')) as SelectQueryBuilder<Database, 'businesses', { id: number }>;
}

/** How many merchants an audience reaches now. */
export async function countAudience(ctx: HandlerContext, audience: StoredAudience): Promise<number> {
  const row = await ctx.db
    .selectFrom(audienceBusinessIds(ctx, audience).as('a'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

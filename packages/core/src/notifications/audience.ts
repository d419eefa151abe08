import { z } from 'zod';
import { idField } from '../schemas/common';
import { businessCategoryField, stateCodeField, stateName } from '../schemas/business';

/**
 * Who a notification or broadcast goes to: every merchant, those of one state or one category, those
 * a saved view of the merchants list selects, or merchants named by id. Written as flat fields so
 * the console's generated form and the CLI's flags can carry it; `refineAudience` requires the
 * field the kind needs. The merchants are read when it is published or sent, not when written.
 */
export const AUDIENCE_KINDS = ['ALL', 'STATE', 'CATEGORY', 'SAVED_VIEW', 'MERCHANTS'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

export const AUDIENCE_KIND_WORDS: Record<AudienceKind, string> = {
  ALL: 'All merchants',
  STATE: 'Merchants in a state',
  CATEGORY: 'Merchants of a category',
  SAVED_VIEW: 'A saved view of merchants',
  MERCHANTS: 'Merchants by ID',
};

/** The most merchants one audience may name by id. */
export const MAX_AUDIENCE_IDS = 10_000;

export const audienceFields = {
  audience: z.enum(AUDIENCE_KINDS).meta({ label: 'Audience', words: AUDIENCE_KIND_WORDS }),
  audienceState: stateCodeField.optional(),
  audienceCategory: businessCategoryField.optional().meta({ label: 'Category' }),
  audienceViewId: idField.optional().meta({ label: 'Saved view', description: 'a saved view of the merchants list (Saved Views)' }),
  audienceMerchantIds: z
    .array(idField)
    .min(1)
    .max(MAX_AUDIENCE_IDS, `must name at most ${MAX_AUDIENCE_IDS.toLocaleString('en')} merchants`)
    .optional()
    .meta({ label: 'Merchant IDs' }),
};

export interface Audience {
  audience: AudienceKind;
  audienceState?: string | undefined;
  audienceCategory?: string | undefined;
  audienceViewId?: number | undefined;
  audienceMerchantIds?: number[] | undefined;
}

/** The field each kind needs, and the words naming it when it is missing. */
const NEEDS: Partial<Record<AudienceKind, { field: keyof Audience; words: string }>> = {
  STATE: { field: 'audienceState', words: 'a state' },
  CATEGORY: { field: 'audienceCategory', words: 'a category' },
  SAVED_VIEW: { field: 'audienceViewId', words: 'a saved view' },
  MERCHANTS: { field: 'audienceMerchantIds', words: 'at least one merchant ID' },
};

/** For `.superRefine`: the field the audience's kind needs is there (named in the error when not). */
export function refineAudience(value: Partial<Audience>, ctx: z.RefinementCtx): void {
  if (!value.audience) return;
  const need = NEEDS[value.audience];
  if (need && (value[need.field] === undefined || value[need.field] === null)) {
    ctx.addIssue({ code: 'custom', path: [need.field], message: `is required: ${AUDIENCE_KIND_WORDS[value.audience].toLowerCase()} needs ${need.words}` });
  }
}

/** Whether an audience field applies to the kind chosen (the console shows only those). */
export function audienceFieldApplies(name: string, kind: unknown): boolean {
  if (!name.startsWith('audience') || name === 'audience') return true;
  const need = typeof kind === 'string' ? NEEDS[kind as AudienceKind] : undefined;
  return need?.field === name;
}

/** The audience as stored and shown: only the field its kind uses. */
export const audienceRow = z.object({
  audience: z.enum(AUDIENCE_KINDS),
  audienceState: z.string().nullable(),
  audienceCategory: z.string().nullable(),
  audienceViewId: z.number().int().nullable(),
  audienceMerchantIds: z.array(z.number().int()).nullable(),
  /** "Merchants in Lagos", "12 merchants by ID". */
  audienceWords: z.string(),
});
export type AudienceRow = z.infer<typeof audienceRow>;

/** Words for an audience; a saved view's name when it is known. */
export function describeAudience(audience: Audience, viewName?: string | null): string {
  switch (audience.audience) {
    case 'ALL':
      return 'All merchants';
    case 'STATE':
      return `Merchants in ${stateName(audience.audienceState ?? '')}`;
    case 'CATEGORY':
      return `Merchants of category ${audience.audienceCategory ?? ''}`;
    case 'SAVED_VIEW':
      return viewName ? `Merchants in the saved view "${viewName}"` : `Merchants in saved view ${audience.audienceViewId ?? ''}`;
    case 'MERCHANTS': {
      const n = audience.audienceMerchantIds?.length ?? 0;
      return `${n.toLocaleString('en')} merchant${n === 1 ? '' : 's'} by ID`;
    }
  }
}

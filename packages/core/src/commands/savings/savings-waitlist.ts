import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { stateCodeField } from '../../schemas/business';
import { dateTimeParam, searchField, timestamp } from '../../schemas/common';
import { koboAmount } from '../../schemas/money';

/**
 * The savings wait-list (docs/decisions.md "Savings wait-list"): people who asked to be told
 * when savings opens, with the plan they are interested in and what they expect to put away
 * each month. Someone who is already a merchant is linked to their business.
 */

/** The savings plans a person can say they are interested in. */
export const SAVINGS_PLANS = ['TARGET', 'FIXED', 'FLEXIBLE'] as const;
export type SavingsPlan = (typeof SAVINGS_PLANS)[number];
export const SAVINGS_PLAN_WORDS: Record<SavingsPlan, string> = {
  TARGET: 'Target savings',
  FIXED: 'Fixed savings',
  FLEXIBLE: 'Flexible savings',
};

/** Where a person joined the wait-list: the mobile app or the website. */
export const WAITLIST_SOURCES = ['APP', 'WEB'] as const;
export type WaitlistSource = (typeof WAITLIST_SOURCES)[number];
export const WAITLIST_SOURCE_WORDS: Record<WaitlistSource, string> = {
  APP: 'Mobile app',
  WEB: 'Website',
};

const planField = z.enum(SAVINGS_PLANS).meta({ label: 'Plan' });
const sourceField = z.enum(WAITLIST_SOURCES).meta({ label: 'Source' });

export const waitlistRow = z.object({
  id: z.number().int(),
  /** The person's full name as they typed it. */
  name: z.string(),
  email: z.string(),
  /** `+234…`. */
  phone: z.string(),
  /** The merchant the person is, when they joined as one; null: not (yet) a merchant. */
  businessId: z.number().int().nullable(),
  businessName: z.string().nullable(),
  /** The plan they are interested in. */
  plan: planField,
  /** Kobo they expect to save each month; null: not said. */
  monthlyAmount: koboAmount.nullable(),
  /** Where they live; null: not said. */
  stateCode: z.string().nullable(),
  stateName: z.string().nullable(),
  source: sourceField,
  joinedAt: timestamp,
});
export type WaitlistRow = z.infer<typeof waitlistRow>;

export const listSavingsWaitlist = defineCommand({
  id: 'savings.waitlist',
  group: 'savings',
  action: 'waitlist',
  title: 'List the savings wait-list',
  description:
    'People waiting for savings, newest first, with the plan they chose, what they expect to save each month and the merchant they are, if any. Search matches the start of a name (or of any word of it) or email, or a phone number; the range is when they joined.',
  keywords: ['savings', 'waitlist', 'wait-list', 'wait-list-all', 'target savings', 'fixed savings'],
  method: 'GET',
  path: '/v2/savings/wait-list-all',
  permission: 'savings.view',
  input: z.object({
    ...listPaging,
    search: searchField.optional(),
    startdatetime: dateTimeParam.optional().meta({ label: 'Joined from' }),
    enddatetime: dateTimeParam.optional().meta({ label: 'Joined to' }),
    plan: planField.optional(),
    source: sourceField.optional(),
    stateCode: stateCodeField.optional(),
  }),
  output: listOutput(waitlistRow),
  list: {
    route: '/waitlist',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    rowName: 'name',
    csv: true,
    columns: [
      { key: 'name', label: 'Name', kind: 'text', priority: 'high' },
      { key: 'email', label: 'Email', kind: 'email' },
      { key: 'phone', label: 'Phone', kind: 'text', width: 17 },
      { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'medium' },
      { key: 'plan', label: 'Plan', kind: 'enum', words: SAVINGS_PLAN_WORDS },
      { key: 'monthlyAmount', label: 'Monthly amount', kind: 'money' },
      { key: 'stateName', label: 'State', kind: 'text', priority: 'low' },
      { key: 'source', label: 'Source', kind: 'enum', words: WAITLIST_SOURCE_WORDS, priority: 'low' },
      { key: 'joinedAt', label: 'Joined', kind: 'datetime' },
    ],
  },
  example: 'traction savings waitlist --plan TARGET --from 7d --to today',
});

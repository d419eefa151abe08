import { setCashbackActivationBulk } from '@traction/core';
import { bulkAction } from '../list/bulkAction';
import type { ListBulkAction } from '../list/ListBulkAction';

type Row = Readonly<Record<string, unknown>>;

const named = (rows: readonly Row[]) => (rows.length === 1 ? `${String(rows[0]!.name)} (#${String(rows[0]!.id)})` : `${rows.length} selected businesses`);

/** The Cashback Activation Portal's selection bar: the button decides on or off, the form only confirms. */
export const CASHBACK_ACTIVATION_ACTIONS: readonly ListBulkAction[] = [
  bulkAction({
    command: setCashbackActivationBulk,
    label: 'Activate cashback',
    fixed: { active: true },
    subject: (rows) => `Activate cashback for ${named(rows)}: they earn the active cashback rules on their POS credits.`,
  }),
  bulkAction({
    command: setCashbackActivationBulk,
    label: 'Deactivate cashback',
    fixed: { active: false },
    tone: 'danger',
    subject: (rows) => `Deactivate cashback for ${named(rows)}: they earn no more cashback.`,
  }),
];

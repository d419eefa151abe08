import { formatNaira, listSweepSources, newSweep, type SweepSource } from '@traction/core';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useShortcut } from '../keyboard/useShortcut';
import { bulkAction } from '../list/bulkAction';
import { ListPage } from '../list/ListPage';
import { actionLinkClass } from '../ui/linkClass';
import { SWEEP_FORM_PARTS } from './sweepFormParts';
import { SWEEP_HISTORY_PATH, sweepRequestPath } from './sweepPaths';
import { useSweepMade } from './useSweepMade';

/**
 * New Bulk Sweep: the wallets a sweep can take from, richest first, filtered by balance, bank and
 * status (a wallet money may not leave says why). Select some with x, or every one matching the
 * filters with Shift+a, then `1` asks the destination (bank by name, the holder's name from the
 * account enquiry), what to leave behind and the narration, saves a draft and opens its preview.
 * Enter opens one wallet's account page (its balances, "sweep this account").
 */
export default function NewSweepPage() {
  const navigate = useNavigate();
  const made = useSweepMade();
  const actions = useMemo(
    () => [
      bulkAction({
        command: newSweep,
        label: 'Sweep these wallets…',
        parts: SWEEP_FORM_PARTS,
        onDone: made,
        // Named one by one (and loaded), the wallets are summed: what they hold now, before fees and what is left behind.
        subject: (rows) => {
          const held = rows.reduce((sum, row) => sum + (typeof row.balance === 'number' ? row.balance : 0), 0);
          const who = rows.length === 1 ? String(rows[0]?.businessName) : `${rows.length.toLocaleString('en-NG')} selected wallets`;
          return `Sweep ${who}: ${formatNaira(held)} held now, before the fee and what is left behind. The next page previews each wallet.`;
        },
      }),
    ],
    [made],
  );
  useShortcut('u', 'Back to the sweep history', () => navigate(SWEEP_HISTORY_PATH));
  return (
    <ListPage
      command={listSweepSources}
      title="New Bulk Sweep"
      description="1. Choose the wallets: select them with x, or narrow the filters and press Shift+a for every wallet matching. 2. Press 1 (Sweep these wallets) for the destination account. 3. Check the preview and submit it: nothing moves until another admin approves."
      rowNoun={{ one: 'wallet', other: 'wallets' }}
      bulkActions={actions}
      onOpenRow={(row) => navigate(sweepRequestPath(row as unknown as SweepSource))}
      actions={
        <Link to={SWEEP_HISTORY_PATH} className={actionLinkClass} aria-keyshortcuts="u">
          Sweep history
        </Link>
      }
    />
  );
}

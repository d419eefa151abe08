import { listSweeps, newSweep } from '@traction/core';
import { Link, useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { renderBatchCell } from '../bulk-transfers/renderBatchCell';
import { useShortcut } from '../keyboard/useShortcut';
import { CellRendererContext } from '../list/CellRendererContext';
import { ListPage } from '../list/ListPage';
import { buttonLinkClass } from '../ui/buttonLinkClass';
import { ShortcutKey } from '../ui/ShortcutKey';
import { NEW_SWEEP_PATH } from './sweepPaths';

/** Bulk Sweep: every sweep with its destination, sources, total, status and what it moved; a row opens it; `n` makes a new one. */
export default function SweepHistoryPage() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const mayMake = allowed(newSweep);
  useShortcut('n', 'New bulk sweep', () => navigate(NEW_SWEEP_PATH), { enabled: mayMake });
  return (
    <CellRendererContext.Provider value={renderBatchCell}>
      <ListPage
        command={listSweeps}
        title="Bulk Sweep"
        description="Sweeps move merchant wallets' balances to one bank account, one transfer per wallet, after a second admin approves. Enter opens a sweep's sources and progress."
        rowNoun={{ one: 'sweep', other: 'sweeps' }}
        selectable={false}
        actions={
          mayMake ? (
            <Link to={NEW_SWEEP_PATH} className={buttonLinkClass} aria-keyshortcuts="n" data-action="new-sweep">
              New sweep
              <ShortcutKey>n</ShortcutKey>
            </Link>
          ) : null
        }
      />
    </CellRendererContext.Provider>
  );
}

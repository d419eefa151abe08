import { listSweeps, newSweep } from '@traction/core';
import { Link, useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { renderBatchCell } from '../bulk-transfers/renderBatchCell';
import { useShortcut } from '../keyboard/useShortcut';
import { CellRendererContext } from '../list/CellRendererContext';
import { ListPage } from '../list/ListPage';
import { NEW_SWEEP_PATH } from './sweepPaths';

const buttonLink = 'inline-flex h-8 items-center justify-center gap-1.5 rounded-md bg-accent-600 px-3 text-sm font-medium text-white hover:bg-accent-700';

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
            <Link to={NEW_SWEEP_PATH} className={buttonLink} aria-keyshortcuts="n" data-action="new-sweep">
              New sweep
              <kbd className="ml-1 rounded border border-current/30 px-1 font-mono text-[10px] opacity-70">n</kbd>
            </Link>
          ) : null
        }
      />
    </CellRendererContext.Provider>
  );
}

import { Button } from '../ui/Button';
import type { TransferActions } from './useTransferActions';

/**
 * The page header's buttons: only what this transfer's state and this admin allow, each showing
 * its key. The decision area is where focus goes when the queue opens a held transfer (`data-focus-home`).
 */
export function TransferActionButtons({ actions }: { actions: TransferActions }) {
  const { can } = actions;
  const buttons: { key: string; label: string; show: boolean; run: () => void; variant: 'primary' | 'secondary' | 'danger' }[] = [
    { key: 'r', label: 'Release', show: can.review, run: actions.release, variant: 'primary' },
    { key: 'b', label: 'Block', show: can.review, run: actions.block, variant: 'danger' },
    {
      key: 'q',
      label: actions.requerying ? 'Asking the bank…' : 'Re-query now',
      show: can.requery || actions.requerying,
      run: actions.requeryNow,
      variant: 'primary',
    },
    { key: 't', label: 'Retry', show: can.retry, run: actions.retry, variant: 'primary' },
  ];
  const shown = buttons.filter((button) => button.show);
  if (shown.length === 0) return null;
  return (
    <div role="group" aria-label="Actions" data-focus-home tabIndex={-1} className="flex flex-wrap items-center gap-2 outline-none">
      {shown.map((button) => (
        <Button
          key={button.key}
          variant={button.variant}
          data-action={button.key}
          disabled={button.key === 'q' && actions.requerying}
          onClick={button.run}
          title={`Shortcut: ${button.key}`}
          aria-keyshortcuts={button.key}
        >
          {button.label}
          <kbd className="ml-1 rounded border border-current/30 px-1 font-mono text-[10px] opacity-70">{button.key}</kbd>
        </Button>
      ))}
    </div>
  );
}

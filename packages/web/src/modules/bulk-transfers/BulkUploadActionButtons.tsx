import { Button } from '../ui/Button';
import type { BulkUploadActions } from './useBulkUploadActions';

const Key = ({ k }: { k: string }) => <kbd className="ml-1 rounded border border-current/30 px-1 font-mono text-[10px] opacity-70">{k}</kbd>;

/** The upload's buttons: only what its state and this admin allow, each showing its key. */
export function BulkUploadActionButtons({ actions, refused }: { actions: BulkUploadActions; refused: number }) {
  const { can } = actions;
  const buttons = [
    { key: 'r', label: `Retry ${refused.toLocaleString('en-NG')} refused`, show: can.retryRefused, run: actions.retryRefused, variant: 'primary' as const },
    {
      key: 'f',
      label: `Retry ${actions.failedAtBank.toLocaleString('en-NG')} failed`,
      show: can.retryFailed,
      run: actions.retryFailed,
      variant: 'primary' as const,
    },
    { key: 't', label: 'Transfers', show: can.transfers, run: actions.openTransfers, variant: 'secondary' as const },
    { key: 'c', label: 'Cancel upload', show: can.cancel, run: actions.cancel, variant: 'danger' as const },
  ].filter((button) => button.show);
  if (buttons.length === 0) return null;
  return (
    <div role="group" aria-label="Actions" className="flex flex-wrap items-center gap-2">
      {buttons.map((button) => (
        <Button
          key={button.key}
          variant={button.variant}
          data-action={button.key}
          onClick={button.run}
          title={`Shortcut: ${button.key}`}
          aria-keyshortcuts={button.key}
        >
          {button.label}
          <Key k={button.key} />
        </Button>
      ))}
    </div>
  );
}

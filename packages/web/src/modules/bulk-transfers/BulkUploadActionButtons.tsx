import { ShortcutButtons } from '../ui/ShortcutButtons';
import type { BulkUploadActions } from './useBulkUploadActions';

/** The upload's buttons: only what its state and this admin allow, each showing its key. */
export function BulkUploadActionButtons({ actions, refused }: { actions: BulkUploadActions; refused: number }) {
  const { can } = actions;
  return (
    <ShortcutButtons
      buttons={[
        { key: 'r', label: `Retry ${refused.toLocaleString('en-NG')} refused`, show: can.retryRefused, run: actions.retryRefused, variant: 'primary' },
        {
          key: 'f',
          label: `Retry ${actions.failedAtBank.toLocaleString('en-NG')} failed`,
          show: can.retryFailed,
          run: actions.retryFailed,
          variant: 'primary',
        },
        { key: 't', label: 'Transfers', show: can.transfers, run: actions.openTransfers, variant: 'secondary' },
        { key: 'c', label: 'Cancel upload', show: can.cancel, run: actions.cancel, variant: 'danger' },
      ]}
    />
  );
}

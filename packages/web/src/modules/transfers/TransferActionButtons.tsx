import { ShortcutButtons } from '../ui/ShortcutButtons';
import type { TransferActions } from './useTransferActions';

/**
 * The page header's buttons: only what this transfer's state and this admin allow, each showing
 * its key. The decision area is where focus goes when the queue opens a held transfer.
 */
export function TransferActionButtons({ actions }: { actions: TransferActions }) {
  const { can } = actions;
  return (
    <ShortcutButtons
      focusHome
      buttons={[
        { key: 'r', label: 'Release', show: can.review, run: actions.release, variant: 'primary' },
        { key: 'b', label: 'Block', show: can.review, run: actions.block, variant: 'danger' },
        {
          key: 'q',
          label: actions.requerying ? 'Asking the bank…' : 'Re-query now',
          show: can.requery || actions.requerying,
          run: actions.requeryNow,
          variant: 'primary',
          disabled: actions.requerying,
        },
        { key: 't', label: 'Retry', show: can.retry, run: actions.retry, variant: 'primary' },
      ]}
    />
  );
}

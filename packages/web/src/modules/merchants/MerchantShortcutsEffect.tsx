import { useShortcut } from '../keyboard/useShortcut';
import type { MerchantAction } from './MerchantAction';

/** One action's key; renders nothing. */
function ActionShortcutEffect({ keys, label, run }: { keys: string; label: string; run: () => void }) {
  useShortcut(keys, label, run);
  return null;
}

/**
 * Binds each merchant action to its key (and lists it in `?`); renders nothing. A key whose
 * action the merchant's state rules out says why through `onUnavailable` instead of doing nothing.
 */
export function MerchantShortcutsEffect({ actions, onUnavailable }: { actions: readonly MerchantAction[]; onUnavailable: (reason: string) => void }) {
  return actions.map((action) => (
    <ActionShortcutEffect
      key={action.key}
      keys={action.key}
      label={action.label}
      run={action.unavailable ? () => onUnavailable(action.unavailable!) : action.run}
    />
  ));
}

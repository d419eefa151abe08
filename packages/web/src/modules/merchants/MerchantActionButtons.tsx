import { Button } from '../ui/Button';
import type { MerchantAction } from './MerchantAction';

/** The page header's buttons, each showing its shortcut key; disabled with the reason as its title when ruled out. */
export function MerchantActionButtons({ actions }: { actions: readonly MerchantAction[] }) {
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button
          key={action.key}
          variant={action.variant}
          data-action={action.command.id}
          aria-keyshortcuts={action.key}
          disabled={!!action.unavailable}
          title={action.unavailable}
          onClick={action.run}
        >
          {action.label}
          <kbd className="ml-1 rounded border border-current/30 px-1 font-mono text-[10px] opacity-60">{action.key}</kbd>
        </Button>
      ))}
    </div>
  );
}

import { Button } from './Button';
import { ShortcutKey } from './ShortcutKey';

export interface ShortcutButton {
  /** The one key that runs it (bound by the page with `useShortcut`); also its `data-action`, the test hook. */
  key: string;
  label: string;
  /** Whether the record's state and this admin allow it now; a button not shown is not drawn at all. */
  show: boolean;
  run: () => void;
  variant: 'primary' | 'secondary' | 'danger';
  disabled?: boolean;
}

/**
 * A record page's action buttons as a group: only those allowed now, each showing its key and
 * naming it in `aria-keyshortcuts`; nothing at all when none is allowed, so the header keeps no
 * empty group. `focusHome` makes the group where focus lands when a review queue opens the
 * record (`data-focus-home`), so the decision is one Tab away.
 */
export function ShortcutButtons({ buttons, focusHome = false }: { buttons: readonly ShortcutButton[]; focusHome?: boolean }) {
  const shown = buttons.filter((button) => button.show);
  if (shown.length === 0) return null;
  return (
    <div
      role="group"
      aria-label="Actions"
      data-focus-home={focusHome || undefined}
      tabIndex={focusHome ? -1 : undefined}
      className={`flex flex-wrap items-center gap-2${focusHome ? ' outline-none' : ''}`}
    >
      {shown.map((button) => (
        <Button
          key={button.key}
          variant={button.variant}
          data-action={button.key}
          disabled={button.disabled}
          onClick={button.run}
          title={`Shortcut: ${button.key}`}
          aria-keyshortcuts={button.key}
        >
          {button.label}
          <ShortcutKey>{button.key}</ShortcutKey>
        </Button>
      ))}
    </div>
  );
}

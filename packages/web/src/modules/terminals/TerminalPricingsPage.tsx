import {
  addTerminalPrice,
  listTerminalPrices,
  TERMINAL_PRICE_PLAN_WORDS,
  TERMINAL_PRICE_PLANS,
  TERMINAL_PROVIDER_NAMES,
  updateTerminalPrice,
} from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';
import { ShortcutKey } from '../ui/ShortcutKey';

const OPTIONS = {
  provider: TERMINAL_PROVIDER_NAMES.map((name) => ({ value: name, label: name })),
  plan: TERMINAL_PRICE_PLANS.map((plan) => ({ value: plan, label: TERMINAL_PRICE_PLAN_WORDS[plan] })),
};

/**
 * Terminal Pricing: what each provider's model costs bought outright or rented by the month, with
 * the price before its last change. New price (n); a row opens its change (Enter), which asks why
 * and keeps the old price in its history.
 */
export default function TerminalPricingsPage() {
  const { allowed, open } = useOpenCommand();
  const mayPrice = allowed(addTerminalPrice);
  const create = () => open({ command: addTerminalPrice });
  useShortcut('n', 'New terminal price', create, { enabled: mayPrice });
  return (
    <ListPage
      command={listTerminalPrices}
      title="Terminal Pricing"
      description="The price of each model, bought outright or rented by the month. A change keeps the old price in the model's history, with who changed it and why."
      rowNoun={{ one: 'price', other: 'prices' }}
      filterOptions={OPTIONS}
      selectable={false}
      onOpenRow={
        allowed(updateTerminalPrice)
          ? (row) =>
              open({
                command: updateTerminalPrice,
                fixed: { id: row.id as number },
                about: `${String(row.provider)} ${String(row.model)}`,
                subject: `${String(row.provider)} ${String(row.model)}, ${TERMINAL_PRICE_PLAN_WORDS[row.plan as keyof typeof TERMINAL_PRICE_PLAN_WORDS].toLowerCase()}: ${formatNaira(row.amount as number)} now`,
              })
          : undefined
      }
      actions={
        mayPrice ? (
          <Button variant="primary" onClick={create}>
            New price <ShortcutKey>n</ShortcutKey>
          </Button>
        ) : null
      }
    />
  );
}

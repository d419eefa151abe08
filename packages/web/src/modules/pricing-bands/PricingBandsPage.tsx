import { createPricingBand, listPricingBands, updatePricingBand } from '@traction/core';
import { Link } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { ListPage } from '../list/ListPage';
import { useShortcut } from '../keyboard/useShortcut';
import { Button } from '../ui/Button';
import { linkClass } from '../ui/linkClass';
import { ShortcutKey } from '../ui/ShortcutKey';

/**
 * Pricing Band Portal: what each band charges per channel, in words, and how many merchants it
 * prices. New band (n); a row opens its change form (Enter). Changes price new payments only.
 */
export default function PricingBandsPage() {
  const { allowed, open } = useOpenCommand();
  const mayManage = allowed(createPricingBand);
  const create = () => open({ command: createPricingBand });
  useShortcut('n', 'New pricing band', create, { enabled: mayManage });
  return (
    <ListPage
      command={listPricingBands}
      title="Pricing Band Portal"
      description="What merchants are charged on card, transfer and USSD payments: a percentage, a flat fee, a cap. A merchant without a band of its own pays the default band's. A change prices new payments only: those already taken keep their charge."
      rowNoun={{ one: 'band', other: 'bands' }}
      selectable={false}
      onOpenRow={
        allowed(updatePricingBand)
          ? (row) =>
              open({
                command: updatePricingBand,
                fixed: { id: row.id as number },
                about: String(row.name),
                subject: `Change ${String(row.name)}: leave a box empty to keep what it charges`,
              })
          : undefined
      }
      actions={
        <>
          {mayManage ? (
            <Button variant="primary" onClick={create}>
              New band <ShortcutKey>n</ShortcutKey>
            </Button>
          ) : null}
          <Link className={linkClass} to="/pricing-bands-assign">
            Assign merchants
          </Link>
        </>
      }
    />
  );
}

import { type AirtimeRate, basisPointsAsPercent, updateAirtimeRate } from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { useOpenCommand } from '../commands/useOpenCommand';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { LastChangeNote } from '../ui/LastChangeNote';
import { AIRTIME_RATE_PARTS } from './airtimeFormParts';

/** Every value a sale switch leaves as it is: the form then asks only for the reason. */
const ONLY_THE_SWITCH = { companyDiscountBps: undefined, merchantCommissionBps: undefined, minAmount: undefined, maxAmount: undefined } as const;

/**
 * The rates, one row per network and product: the discount, the commission and what the company
 * keeps as percentages, the purchase limits and whether it is on sale, with Edit, Take off sale /
 * Put on sale and History on each row (Tab reaches them, Enter runs them).
 */
export function AirtimeRatesTable({ rates, onHistory }: { rates: readonly AirtimeRate[]; onHistory: (rate: AirtimeRate) => void }) {
  const { allowed, open } = useOpenCommand();
  const may = allowed(updateAirtimeRate);
  const edit = (rate: AirtimeRate) =>
    open({
      command: updateAirtimeRate,
      fixed: { id: rate.id, active: undefined },
      about: rate.label,
      subject: `${rate.label}: the merchant earns ${basisPointsAsPercent(rate.merchantCommissionBps)} of ${basisPointsAsPercent(rate.companyDiscountBps)}. Changes apply from the next purchase.`,
      initial: {
        companyDiscountBps: rate.companyDiscountBps,
        merchantCommissionBps: rate.merchantCommissionBps,
        minAmount: rate.minAmount,
        maxAmount: rate.maxAmount,
      },
      parts: AIRTIME_RATE_PARTS,
    });
  const toggle = (rate: AirtimeRate) =>
    open({
      command: updateAirtimeRate,
      fixed: { id: rate.id, active: !rate.active, ...ONLY_THE_SWITCH },
      about: rate.label,
      action: rate.active ? `Take ${rate.label} off sale` : `Put ${rate.label} on sale`,
      subject: rate.active
        ? `Merchants can no longer sell ${rate.label} until it is put back on sale.`
        : `Merchants can sell ${rate.label} again from the next purchase, earning ${basisPointsAsPercent(rate.merchantCommissionBps)}.`,
    });

  if (rates.length === 0) return <p className="px-3 py-4 text-zinc-500 dark:text-zinc-400">No rates yet: merchants cannot sell airtime or data.</p>;
  return (
    <table className="w-full text-sm" data-rates-table>
      <thead>
        <tr className="text-left text-zinc-500 dark:text-zinc-400">
          <th className="px-3 py-1.5 font-medium">Rate</th>
          <th className="px-3 py-1.5 text-right font-medium">Company discount</th>
          <th className="px-3 py-1.5 text-right font-medium">Merchant commission</th>
          <th className="px-3 py-1.5 text-right font-medium">Company keeps</th>
          <th className="px-3 py-1.5 font-medium">Purchase</th>
          <th className="px-3 py-1.5 font-medium">On sale</th>
          <th className="px-3 py-1.5 font-medium">Last change</th>
          <th className="px-3 py-1.5">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rates.map((rate) => (
          <tr key={rate.id} data-rate={rate.id} data-active={rate.active} className="border-t border-zinc-100 align-top dark:border-zinc-800">
            <td className="px-3 py-1.5 font-medium whitespace-nowrap">{rate.label}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{basisPointsAsPercent(rate.companyDiscountBps)}</td>
            <td className="px-3 py-1.5 text-right tabular-nums" data-commission>
              {basisPointsAsPercent(rate.merchantCommissionBps)}
            </td>
            <td className="px-3 py-1.5 text-right tabular-nums">{basisPointsAsPercent(rate.marginBps)}</td>
            <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">
              {formatNaira(rate.minAmount)} – {formatNaira(rate.maxAmount)}
            </td>
            <td className="px-3 py-1.5">{rate.active ? <Badge tone="good">On sale</Badge> : <Badge tone="warn">Off sale</Badge>}</td>
            <td className="min-w-52 px-3 py-1.5 text-xs text-zinc-600 dark:text-zinc-400">
              <LastChangeNote record={rate} />
            </td>
            <td className="px-3 py-1.5">
              <div className="flex flex-wrap justify-end gap-1 *:whitespace-nowrap">
                {may ? (
                  <>
                    <Button variant="ghost" onClick={() => edit(rate)} aria-label={`Edit ${rate.label}`}>
                      Edit
                    </Button>
                    <Button variant="ghost" onClick={() => toggle(rate)} aria-label={rate.active ? `Take ${rate.label} off sale` : `Put ${rate.label} on sale`}>
                      {rate.active ? 'Take off sale' : 'Put on sale'}
                    </Button>
                  </>
                ) : null}
                <Button variant="ghost" onClick={() => onHistory(rate)} aria-label={`History of ${rate.label}`}>
                  History
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

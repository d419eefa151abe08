import { assignPricingBand, chargeFor, listBandMerchants, listPricingBands, type PricingBandRow } from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { useParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useCommandQuery } from '../list/useCommandQuery';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';

/** What a ₦10,000 payment costs on a band, per channel: the worked example people compare bands by. */
function example(band: PricingBandRow): string {
  const amount = 1_000_000n;
  const on = (channel: 'card' | 'transfer' | 'ussd') => {
    const charge = band.charges[channel];
    return formatNaira(
      chargeFor(
        charge
          ? { percentBps: charge.percentBps, flatKobo: BigInt(charge.flatKobo), capKobo: charge.capKobo === null ? null : BigInt(charge.capKobo) }
          : undefined,
        amount,
      ),
    );
  };
  return `A ₦10,000.00 payment costs ${on('card')} by card, ${on('transfer')} by transfer, ${on('ussd')} by USSD.`;
}

/** One merchant's band: the one it is on, the others with what a ₦10,000 payment would cost, and a button to move it. */
export default function AssignBusinessBandPage() {
  const { id: raw = '', merchant = '' } = useParams();
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  // The merchant by the name in the address (the list's row link), then by its id among those found.
  const found = useCommandQuery(listBandMerchants, { search: merchant.slice(0, 60) || undefined }, { enabled: valid });
  const bands = useCommandQuery(listPricingBands, {});
  const { allowed, open } = useOpenCommand();
  if (found.isPending || bands.isPending) return <PageSpinner />;
  const row = found.data?.items.find((item) => item.id === id);
  if (!row)
    return (
      <RecordNotLoaded
        valid={valid}
        error={found.error}
        missing={`There is no merchant #${raw}.`}
        failed="This merchant could not be loaded"
        retry={() => void found.refetch()}
      />
    );
  return (
    <div className="max-w-4xl space-y-4" data-page="assign-business-band" data-business={row.id}>
      <PageHeader
        title={`Pricing band of ${row.name}`}
        description={`On ${row.band}${row.byDefault ? ' (the default: no band of its own)' : ''}. Choose another to price its new payments by it.`}
      />
      <Section name="bands" title="Bands">
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {(bands.data?.items ?? []).map((band) => (
            <li key={band.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2" data-band={band.id}>
              <div className="min-w-0">
                <p className="font-medium">
                  {band.name} {band.id === row.bandId ? <Badge tone="good">Current</Badge> : null} {band.isDefault ? <Badge>Default</Badge> : null}
                </p>
                <p className="text-xs text-zinc-500">
                  Card {band.card} · Transfer {band.transfer} · USSD {band.ussd}
                </p>
                <p className="text-xs text-zinc-500">{example(band)}</p>
              </div>
              {band.id !== row.bandId && allowed(assignPricingBand) ? (
                <Button
                  onClick={() =>
                    open({
                      command: assignPricingBand,
                      fixed: { business_id: row.id, pricing_band_id: band.id },
                      about: row.name,
                      action: `Put ${row.name} on ${band.name}`,
                    })
                  }
                >
                  Put on {band.name}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

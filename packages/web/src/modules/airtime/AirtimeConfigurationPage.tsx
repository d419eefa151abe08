import { type AirtimeRate, createAirtimeRate, listAirtimeRates } from '@traction/core';
import { useState } from 'react';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { Section } from '../ui/Section';
import { ShortcutKey } from '../ui/ShortcutKey';
import { AirtimeHistorySection } from './AirtimeHistorySection';
import { AirtimeRatesTable } from './AirtimeRatesTable';
import { AIRTIME_RATE_PARTS } from './airtimeFormParts';

/**
 * Airtime Configuration (Settings): the rate of each network's airtime and data bundles — the
 * discount the company buys at, the merchant's commission, what the company keeps, the purchase
 * limits and whether it is on sale — with Edit and Take off sale on each, New rate (n), and the
 * history of every change (all rates, or one rate's with History).
 */
export default function AirtimeConfigurationPage() {
  // Rates are few (a network and product each): the first page holds them all.
  const shown = useCommandQuery(listAirtimeRates, {});
  const [historyOf, setHistoryOf] = useState<AirtimeRate | null>(null);
  const { allowed, open } = useOpenCommand();
  const mayCreate = allowed(createAirtimeRate);
  const create = () => open({ command: createAirtimeRate, parts: AIRTIME_RATE_PARTS });
  useShortcut('n', 'New airtime or data rate', create, { enabled: mayCreate });
  if (shown.isPending) return <PageSpinner />;
  if (!shown.data) return <p role="alert">The airtime rates could not be loaded: {shown.error?.message}</p>;
  const rates = shown.data.items;
  return (
    <div className="max-w-6xl space-y-4" data-page="airtime-configuration">
      <PageHeader
        title="Airtime Configuration"
        description="What merchants earn selling each network's airtime and data bundles. The network (or aggregator) sells to the company at a discount off the face value; the merchant's commission comes out of it, and the company keeps the rest. Changes apply from the next purchase and are kept in the history."
        actions={
          mayCreate ? (
            <Button variant="primary" onClick={create}>
              New rate <ShortcutKey>n</ShortcutKey>
            </Button>
          ) : null
        }
      />
      <Section name="rates" title="Rates" count={rates.length}>
        <AirtimeRatesTable rates={rates} onHistory={setHistoryOf} />
      </Section>
      <AirtimeHistorySection rate={historyOf} onAll={() => setHistoryOf(null)} />
    </div>
  );
}

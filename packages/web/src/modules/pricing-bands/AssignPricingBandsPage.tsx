import { assignPricingBandBulk, listBandMerchants, listPricingBands } from '@traction/core';
import { useMemo } from 'react';
import type { ListBulkAction } from '../list/ListBulkAction';
import { ListPage } from '../list/ListPage';
import { useCommandQuery } from '../list/useCommandQuery';

/**
 * Assign Pricing Band: merchants with their bands; select some (x) or all matching (Shift+a) and
 * put them on a band (1 asks which). A row opens that merchant's own assignment page.
 */
export default function AssignPricingBandsPage() {
  const bands = useCommandQuery(listPricingBands, {});
  const options = useMemo(() => ({ band: (bands.data?.items ?? []).map((band) => ({ value: band.id, label: band.name })) }), [bands.data]);
  const actions = useMemo<ListBulkAction[]>(() => [{ command: assignPricingBandBulk, label: 'Put on a band', tone: 'primary' }], []);
  return (
    <ListPage
      command={listBandMerchants}
      title="Assign Pricing Band"
      description="Merchants and the band their payments are priced by. Select merchants, or everyone a filter finds, and put them on a band: new payments are priced by it."
      rowNoun={{ one: 'merchant', other: 'merchants' }}
      filterOptions={options}
      bulkActions={actions}
    />
  );
}

import { stateName, type MerchantDetail } from '@traction/core';
import { Section } from '../ui/Section';
import { DetailTable } from './DetailTable';

/** The business's stores, with their states by name. */
export function MerchantStoresSection({ stores }: { stores: MerchantDetail['stores'] }) {
  return (
    <Section name="stores" title="Stores" count={stores.length}>
      <DetailTable
        label="Stores"
        rows={stores}
        rowKey={(store) => store.id}
        empty="No stores yet."
        columns={[
          { label: 'Name', cell: (store) => store.name },
          { label: 'Address', cell: (store) => store.address || '—' },
          { label: 'State', cell: (store) => stateName(store.stateCode) },
        ]}
      />
    </Section>
  );
}

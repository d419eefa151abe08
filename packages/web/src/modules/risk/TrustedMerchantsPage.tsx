import { listTrust } from '@traction/core';
import { ListPage } from '../list/ListPage';

/** Trusted Merchants: trust or untrust a business (select it with x). */
export default function TrustedMerchantsPage() {
  return (
    <ListPage
      command={listTrust}
      title="Trusted Merchants"
      description="Trusted merchants skip reviews meant for unknown ones; trust never lets money move that a fraud mark or the wallet status stops. Select a business with x to trust or untrust it."
      rowNoun={{ one: 'business', other: 'businesses' }}
    />
  );
}

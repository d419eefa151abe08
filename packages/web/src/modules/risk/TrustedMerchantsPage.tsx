import { listTrust } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { TRUST_ACTIONS } from './listActions';

/** Trusted Merchants: trust or withdraw the trust of one business (select it with x). */
export default function TrustedMerchantsPage() {
  return (
    <ListPage
      command={listTrust}
      title="Trusted Merchants"
      description="Trusted merchants skip reviews meant for unknown ones; trust never lets money move that a fraud mark or the wallet status stops, and a business marked as fraud cannot be trusted. Select a business with x, then Trust or Withdraw trust."
      rowNoun={{ one: 'business', other: 'businesses' }}
      bulkActions={TRUST_ACTIONS}
    />
  );
}

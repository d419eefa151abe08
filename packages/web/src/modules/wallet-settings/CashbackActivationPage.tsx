import { listCashbackActivations } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { CASHBACK_ACTIVATION_ACTIONS } from './cashbackActions';

/** Cashback Activation Portal: which businesses earn cashback; activate or deactivate one (select it with x) or a whole selection. */
export default function CashbackActivationPage() {
  return (
    <ListPage
      command={listCashbackActivations}
      title="Cashback Activation Portal"
      description="Businesses with cashback activated earn the active cashback rules on their POS credits. Select businesses with x (Shift+x for a range, Shift+a for everything matching), then Activate or Deactivate cashback."
      rowNoun={{ one: 'business', other: 'businesses' }}
      bulkActions={CASHBACK_ACTIVATION_ACTIONS}
    />
  );
}

import { listFraud } from '@traction/core';
import { ListPage } from '../list/ListPage';
import { FRAUD_ACTIONS } from './listActions';

/** Mark as Fraud: every business with its fraud mark; mark or clear one (select it with x) or a whole selection. */
export default function FraudPage() {
  return (
    <ListPage
      command={listFraud}
      title="Mark as Fraud"
      description="A business marked as fraud can neither pay out nor be paid, and loses its trust. Select businesses with x (Shift+x for a range, Shift+a for everything matching), then Mark as fraud or Clear fraud."
      rowNoun={{ one: 'business', other: 'businesses' }}
      bulkActions={FRAUD_ACTIONS}
    />
  );
}

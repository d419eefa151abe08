import { listFraud } from '@traction/core';
import { ListPage } from '../list/ListPage';

/** Mark as Fraud: every business with its fraud mark; mark or clear one (select it with x) or a whole selection. */
export default function FraudPage() {
  return (
    <ListPage
      command={listFraud}
      title="Mark as Fraud"
      description="A business marked as fraud can neither pay out nor be paid, and loses its trust. Select a business with x to mark or clear it; Shift+x selects a range, Shift+a everything matching."
      rowNoun={{ one: 'business', other: 'businesses' }}
    />
  );
}

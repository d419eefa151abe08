import { type FraudRule, listFraudRules } from '@traction/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCommandQuery } from '../list/useCommandQuery';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { Section } from '../ui/Section';
import { FraudRulesTable } from './FraudRulesTable';
import { NewRuleMenu } from './NewRuleMenu';
import { RuleHistorySection } from './RuleHistorySection';
import { TryTransferPanel } from './TryTransferPanel';

/** Where the transfers held by the rules wait for a decision (the Funds Transfer list, filtered). */
const HELD_TRANSFERS_PATH = '/funds-transfer?status=HELD';

/**
 * Fraud Rules Manager: the rules every outgoing transfer is evaluated against (n for a new one;
 * Edit, Enable/Disable on each), a transfer to try against them (t), their history, and links
 * to the blocked beneficiaries and to the transfers the rules hold.
 */
export default function FraudRulesPage() {
  // Rules are few: the first page holds them all.
  const shown = useCommandQuery(listFraudRules, {});
  const [historyOf, setHistoryOf] = useState<FraudRule | null>(null);
  if (shown.isPending) return <PageSpinner />;
  if (!shown.data) return <p role="alert">The fraud rules could not be loaded: {shown.error?.message}</p>;
  const rules = shown.data.items;
  return (
    <div className="max-w-6xl space-y-4">
      <PageHeader
        title="Fraud Rules Manager"
        description="Every enabled rule is evaluated for every outgoing bank transfer, and each verdict is recorded on the transfer. The most severe matched action wins: block, then hold for review, then allow."
        actions={<NewRuleMenu />}
      />
      <nav aria-label="Related" className="flex flex-wrap gap-4 text-sm">
        <Link to="/rules-manager/blocked-beneficiaries" className={linkClass}>
          Blocked beneficiaries
        </Link>
        <Link to={HELD_TRANSFERS_PATH} className={linkClass} data-held-transfers>
          Held transfers
        </Link>
      </nav>
      <Section name="rules" title="Rules" count={rules.length}>
        <FraudRulesTable rules={rules} onHistory={setHistoryOf} />
      </Section>
      <TryTransferPanel />
      <RuleHistorySection rule={historyOf} onAll={() => setHistoryOf(null)} />
    </div>
  );
}

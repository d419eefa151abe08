import { type FraudRuleVersion, listFraudRuleHistory } from '@traction/core';
import { useCommandQuery } from '../list/useCommandQuery';
import { ChangeHistorySection, type ChangeHistoryWords } from '../ui/ChangeHistorySection';
import { humanize } from '../ui/humanize';

const WORDS: ChangeHistoryWords<FraudRuleVersion> = {
  subject: (version) => version.ruleName,
  change: (version) => humanize(version.change),
  reason: (version) => version.reason,
  by: (version) => version.changedBy ?? 'Set up with the system',
};

/**
 * The rules' history, newest first (the latest 100 changes): who changed what, before → after, and
 * why. With a rule chosen, that rule's alone.
 */
export function RuleHistorySection({ rule, onAll }: { rule: { id: number; name: string } | null; onAll: () => void }) {
  const shown = useCommandQuery(listFraudRuleHistory, rule ? { ruleId: rule.id } : {});
  return (
    <ChangeHistorySection
      name="rule-history"
      title={rule ? `History of “${rule.name}”` : 'History'}
      showAll={rule ? { label: 'All rules', onClick: onAll } : undefined}
      subjectColumn={{ heading: 'Rule' }}
      history={shown}
      words={WORDS}
    />
  );
}

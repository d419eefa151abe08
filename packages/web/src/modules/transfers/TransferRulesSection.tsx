import { FRAUD_RULE_KIND_WORDS, RULE_ACTION_WORDS, type FraudRuleKind, type TransferDetail } from '@traction/core';
import { Link } from 'react-router';
import { Badge } from '../ui/Badge';
import { linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';

const th = 'px-3 py-1.5 font-medium';

/** Every fraud rule's verdict on the transfer when it was judged: matched or not, its action, and why, in its own sentence. */
export function TransferRulesSection({ transfer }: { transfer: TransferDetail }) {
  const { evaluations } = transfer;
  return (
    <Section
      name="rules"
      title="Fraud rules"
      count={evaluations.length}
      aside={
        <Link className={`${linkClass} text-xs`} to="/rules-manager">
          Fraud Rules Manager
        </Link>
      }
    >
      {evaluations.length === 0 ? (
        <p className="p-3 text-zinc-500 dark:text-zinc-400">No rule was enabled when this transfer was judged.</p>
      ) : (
        <table className="w-full text-sm" aria-label="Fraud rule evaluations">
          <thead className="text-left text-xs text-zinc-500 dark:text-zinc-400">
            <tr>
              <th className={th}>Rule</th>
              <th className={th}>Matched</th>
              <th className={th}>Action</th>
              <th className={th}>Why</th>
            </tr>
          </thead>
          <tbody>
            {evaluations.map((evaluation) => (
              <tr
                key={evaluation.ruleId}
                data-evaluation={evaluation.ruleId}
                data-matched={evaluation.matched}
                className="border-t border-zinc-100 align-top dark:border-zinc-800"
              >
                <td className="px-3 py-1.5">
                  <span className="font-medium">{evaluation.ruleName}</span>
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                    {FRAUD_RULE_KIND_WORDS[evaluation.kind as FraudRuleKind] ?? evaluation.kind}
                  </span>
                </td>
                <td className="px-3 py-1.5">{evaluation.matched ? <Badge tone={evaluation.action === 'allow' ? 'neutral' : 'warn'}>Matched</Badge> : 'No'}</td>
                <td className="px-3 py-1.5 whitespace-nowrap">{RULE_ACTION_WORDS[evaluation.action]}</td>
                <td className="px-3 py-1.5">{evaluation.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

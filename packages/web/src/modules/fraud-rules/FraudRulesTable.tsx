import { deleteFraudRule, type FraudRule, updateFraudRule } from '@traction/core';
import { useOpenCommand } from '../commands/useOpenCommand';
import { Badge, type BadgeTone } from '../ui/Badge';
import { Button } from '../ui/Button';
import { LastChangeNote } from '../ui/LastChangeNote';
import { hiddenRuleParams } from './hiddenRuleParams';

const ACTION_TONE: Readonly<Record<FraudRule['action'], BadgeTone>> = { allow: 'neutral', hold: 'warn', block: 'bad' };

/** Every parameter and switch an enable/disable leaves as it is: the form then asks only for the reason. */
const ONLY_THE_SWITCH = { thresholdKobo: undefined, maxTransfers: undefined, maxAmountKobo: undefined, noMaxAmount: undefined, action: undefined } as const;

/**
 * The rules in evaluation order: what each matches in words, its action and whether it is on,
 * with Edit, Enable/Disable, Delete and History on each row (Tab reaches them, Enter runs them).
 */
export function FraudRulesTable({ rules, onHistory }: { rules: readonly FraudRule[]; onHistory: (rule: FraudRule) => void }) {
  const { allowed, open } = useOpenCommand();
  const may = allowed(updateFraudRule);
  const edit = (rule: FraudRule) =>
    open({
      command: updateFraudRule,
      fixed: { id: rule.id, ...hiddenRuleParams(rule.kind) },
      about: `“${rule.name}”`,
      subject: `${rule.kindWords}: ${rule.condition}. Changes apply from the next transfer.`,
      initial: {
        name: rule.name,
        action: rule.action,
        enabled: rule.enabled,
        ...(rule.thresholdKobo !== null ? { thresholdKobo: rule.thresholdKobo } : {}),
        ...(rule.maxTransfers !== null ? { maxTransfers: rule.maxTransfers } : {}),
        ...(rule.maxAmountKobo !== null ? { maxAmountKobo: rule.maxAmountKobo } : {}),
      },
    });
  const toggle = (rule: FraudRule) =>
    open({
      command: updateFraudRule,
      fixed: { id: rule.id, name: rule.name, enabled: !rule.enabled, ...ONLY_THE_SWITCH },
      about: `“${rule.name}”`,
      subject: rule.enabled
        ? `Disable “${rule.name}”: transfers are no longer evaluated against it until it is enabled again.`
        : `Enable “${rule.name}”: from the next transfer, those matching it (${rule.condition}) are ${rule.actionWords.toLowerCase()}.`,
    });
  const remove = (rule: FraudRule) =>
    open({
      command: deleteFraudRule,
      fixed: { id: rule.id },
      about: `“${rule.name}”`,
      subject: `Delete “${rule.name}” for good (its history stays). Disabling keeps it for later.`,
    });

  if (rules.length === 0) return <p className="px-3 py-4 text-zinc-500 dark:text-zinc-400">No rules: every transfer is allowed.</p>;
  return (
    <table className="w-full text-sm" data-rules-table>
      <thead>
        <tr className="text-left text-zinc-500 dark:text-zinc-400">
          <th className="px-3 py-1.5 font-medium">Rule</th>
          <th className="px-3 py-1.5 font-medium">Kind</th>
          <th className="px-3 py-1.5 font-medium">Matches</th>
          <th className="px-3 py-1.5 font-medium">Action</th>
          <th className="px-3 py-1.5 font-medium">Enabled</th>
          <th className="px-3 py-1.5 font-medium">Last change</th>
          <th className="px-3 py-1.5">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rules.map((rule) => (
          <tr key={rule.id} data-rule={rule.id} data-enabled={rule.enabled} className="border-t border-zinc-100 align-top dark:border-zinc-800">
            <td className="px-3 py-1.5 font-medium">{rule.name}</td>
            <td className="px-3 py-1.5">{rule.kindWords}</td>
            <td className="px-3 py-1.5" data-condition>
              {rule.condition}
            </td>
            <td className="px-3 py-1.5">
              <Badge tone={ACTION_TONE[rule.action]}>{rule.actionWords}</Badge>
            </td>
            <td className="px-3 py-1.5">{rule.enabled ? <Badge tone="good">Enabled</Badge> : <Badge>Disabled</Badge>}</td>
            <td className="px-3 py-1.5 text-xs text-zinc-600 dark:text-zinc-400">
              <LastChangeNote record={rule} />
            </td>
            <td className="px-3 py-1.5">
              <div className="flex justify-end gap-1">
                {may ? (
                  <>
                    <Button variant="ghost" onClick={() => edit(rule)} aria-label={`Edit ${rule.name}`}>
                      Edit
                    </Button>
                    <Button variant="ghost" onClick={() => toggle(rule)} aria-label={`${rule.enabled ? 'Disable' : 'Enable'} ${rule.name}`}>
                      {rule.enabled ? 'Disable' : 'Enable'}
                    </Button>
                  </>
                ) : null}
                {allowed(deleteFraudRule) ? (
                  <Button variant="ghost" onClick={() => remove(rule)} aria-label={`Delete ${rule.name}`}>
                    Delete
                  </Button>
                ) : null}
                <Button variant="ghost" onClick={() => onHistory(rule)} aria-label={`History of ${rule.name}`}>
                  History
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

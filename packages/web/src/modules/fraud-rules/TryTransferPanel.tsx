import { type CommandOutput, FRAUD_RULE_KIND_WORDS, RULE_ACTION_WORDS, tryFraudRules } from '@traction/core';
import { useState } from 'react';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { Badge, type BadgeTone } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Section } from '../ui/Section';

type Verdict = CommandOutput<typeof tryFraudRules>;

const VERDICT_TONE: Readonly<Record<Verdict['action'], BadgeTone>> = { allow: 'good', hold: 'warn', block: 'bad' };

/**
 * Try a transfer: a made-up transfer (t opens its form) evaluated by the server against the
 * enabled rules, as a real one would be; every rule's verdict and sentence is shown here.
 */
export function TryTransferPanel() {
  const { allowed, open } = useOpenCommand();
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const may = allowed(tryFraudRules);
  const start = () => open({ command: tryFraudRules, onDone: setVerdict });
  useShortcut('t', 'Try a transfer against the rules', start, { enabled: may });
  if (!may) return null;
  return (
    <Section
      name="try-transfer"
      title="Try a transfer"
      aside={
        <Button onClick={start} data-try-transfer>
          Try a transfer
        </Button>
      }
    >
      {verdict ? (
        <div data-verdict={verdict.action}>
          <p className="flex items-center gap-2 px-3 py-2">
            <Badge tone={VERDICT_TONE[verdict.action]}>{RULE_ACTION_WORDS[verdict.action]}</Badge>
            <span data-verdict-message>{verdict.message}</span>
          </p>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-zinc-500 dark:text-zinc-400">
                <th className="px-3 py-1.5 font-medium">Rule</th>
                <th className="px-3 py-1.5 font-medium">Matched</th>
                <th className="px-3 py-1.5 font-medium">Action</th>
                <th className="px-3 py-1.5 font-medium">Why</th>
              </tr>
            </thead>
            <tbody>
              {verdict.evaluations.map((evaluation) => (
                <tr
                  key={evaluation.ruleId}
                  data-evaluation={evaluation.ruleId}
                  data-matched={evaluation.matched}
                  className="border-t border-zinc-100 dark:border-zinc-800"
                >
                  <td className="px-3 py-1.5">
                    <span className="font-medium">{evaluation.ruleName}</span>
                    <span className="block text-xs text-zinc-500 dark:text-zinc-400">{FRAUD_RULE_KIND_WORDS[evaluation.kind]}</span>
                  </td>
                  <td className="px-3 py-1.5">{evaluation.matched ? <Badge tone="warn">Matched</Badge> : <Badge>No</Badge>}</td>
                  <td className="px-3 py-1.5">{RULE_ACTION_WORDS[evaluation.action]}</td>
                  <td className="px-3 py-1.5">{evaluation.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="px-3 py-3 text-zinc-500 dark:text-zinc-400">
          Describe a transfer (amount, beneficiary, the merchant's last hour) to see what each enabled rule says of it. Nothing is sent or recorded.
        </p>
      )}
    </Section>
  );
}

import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { createFraudRule, FRAUD_RULE_KIND_WORDS, FRAUD_RULE_KINDS, type FraudRuleKind } from '@traction/core';
import { useRef } from 'react';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { Button } from '../ui/Button';
import { hiddenRuleParams } from './hiddenRuleParams';

/** What each kind asks for, under the form's title. */
const KIND_HINTS: Readonly<Record<FraudRuleKind, string>> = {
  amount_above: 'Matches any transfer above the threshold, from a merchant or a company account.',
  velocity:
    "Matches a merchant's transfer when their transfers in the last hour, this one included, are more than the most allowed (or sum to more than the amount, when given).",
  new_beneficiary_amount: 'Matches a merchant’s transfer above the threshold to an account the merchant has never paid successfully.',
  blocked_beneficiary: 'Matches a transfer to an account on the blocked beneficiaries list.',
};

/**
 * New rule: a menu of the kinds (n opens it; arrows and Enter choose), each opening the create
 * form with only the parameters that kind takes.
 */
export function NewRuleMenu() {
  const { allowed, open } = useOpenCommand();
  const button = useRef<HTMLButtonElement>(null);
  const may = allowed(createFraudRule);
  useShortcut('n', 'New fraud rule', () => button.current?.click(), { enabled: may });
  if (!may) return null;
  const create = (kind: FraudRuleKind) =>
    open({
      command: createFraudRule,
      fixed: { kind, ...hiddenRuleParams(kind) },
      initial: { action: kind === 'blocked_beneficiary' ? 'block' : 'hold' },
      subject: `${FRAUD_RULE_KIND_WORDS[kind]}. ${KIND_HINTS[kind]}`,
    });
  return (
    <Menu>
      <MenuButton as={Button} ref={button} variant="primary" data-new-rule>
        New rule
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 4 }}
        className="z-40 w-64 rounded-md border border-zinc-200 bg-white p-1 text-sm shadow-lg focus:outline-none dark:border-zinc-700 dark:bg-zinc-900"
      >
        {FRAUD_RULE_KINDS.map((kind) => (
          <MenuItem key={kind}>
            <button
              type="button"
              data-kind={kind}
              onClick={() => create(kind)}
              className="block w-full rounded px-2 py-1.5 text-left data-focus:bg-zinc-100 dark:data-focus:bg-zinc-800"
            >
              {FRAUD_RULE_KIND_WORDS[kind]}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

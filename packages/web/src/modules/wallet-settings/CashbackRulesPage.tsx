import { type CashbackRule, createCashbackRule, listCashbackRules, updateCashbackRule } from '@traction/core';
import { useCallback } from 'react';
import { useOpenCommand } from '../commands/useOpenCommand';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';

/** Cashback: the rules, a New rule button, and Enter on a rule to change it (or deactivate it). */
export default function CashbackRulesPage() {
  const { allowed, open } = useOpenCommand();
  const edit = useCallback(
    (row: Record<string, unknown>) => {
      const rule = row as unknown as CashbackRule;
      if (!allowed(updateCashbackRule)) return;
      open({
        command: updateCashbackRule,
        fixed: { id: rule.id },
        about: `“${rule.name}”`,
        initial: {
          name: rule.name,
          percentageBasisPoints: rule.percentageBasisPoints,
          cap: rule.cap,
          ...(rule.minimumTransaction > 0 ? { minimumTransaction: rule.minimumTransaction } : {}),
          active: rule.active,
        },
      });
    },
    [allowed, open],
  );
  return (
    <ListPage
      command={listCashbackRules}
      title="Cashback"
      description="A business with cashback activated (Cashback Activation Portal) earns the best active rule that applies to each POS credit: its share in basis points (150 = 1.5%), up to the cap. Rules never add up. Enter or double-click a rule to change it."
      rowNoun={{ one: 'rule', other: 'rules' }}
      selectable={false}
      onOpenRow={edit}
      actions={
        allowed(createCashbackRule) ? (
          <Button variant="primary" data-new-rule onClick={() => open({ command: createCashbackRule })}>
            New rule
          </Button>
        ) : undefined
      }
    />
  );
}

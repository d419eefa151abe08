import { addDeliveryState, type DeliveryStateRow, listDeliveryStates, removeDeliveryState, updateDeliveryState } from '@traction/core';
import { useState } from 'react';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { ShortcutKey } from '../ui/ShortcutKey';

const requestsWord = (n: number) => `${n.toLocaleString('en-NG')} request${n === 1 ? '' : 's'}`;

/**
 * Terminal Delivery States (Settings): the steps a delivery passes through, in order, with how
 * many requests are at each. New state (n); Enter on a row picks it, then e changes it (name,
 * place, means delivered), a takes it out of use or back, and r removes it — only while no
 * request is in it.
 */
export default function TerminalDeliveryStatesPage() {
  const { allowed, open } = useOpenCommand();
  const [chosen, setChosen] = useState<DeliveryStateRow | null>(null);
  const mayAdd = allowed(addDeliveryState);
  const mayChange = chosen !== null && allowed(updateDeliveryState);
  const mayRemove = chosen !== null && chosen.requests === 0 && allowed(removeDeliveryState);
  const create = () => open({ command: addDeliveryState, onDone: (made) => setChosen(made) });
  const change = () =>
    chosen &&
    open({
      command: updateDeliveryState,
      fixed: { id: chosen.id },
      about: `“${chosen.name}”`,
      subject: `“${chosen.name}”, number ${chosen.position} in the list: ${requestsWord(chosen.requests)} in it`,
      initial: {
        name: chosen.name,
        position: chosen.position,
        delivered: chosen.delivered,
        ...(chosen.description ? { description: chosen.description } : {}),
      },
      onDone: (changed) => setChosen(changed),
    });
  const toggle = () =>
    chosen &&
    open({
      command: updateDeliveryState,
      fixed: { id: chosen.id, active: !chosen.active },
      about: `“${chosen.name}”`,
      action: chosen.active ? `Take “${chosen.name}” out of use` : `Put “${chosen.name}” back in use`,
      subject: chosen.active ? `The ${requestsWord(chosen.requests)} in it keep it; no more are put in it` : 'Requests may be put in it again',
      onDone: (changed) => setChosen(changed),
    });
  const remove = () =>
    chosen &&
    open({
      command: removeDeliveryState,
      fixed: { id: chosen.id },
      about: `“${chosen.name}”`,
      subject: `No request is in “${chosen.name}”: it is deleted, and the states after it move up one`,
      onDone: () => setChosen(null),
    });
  useShortcut('n', 'New delivery state', create, { enabled: mayAdd });
  useShortcut('e', 'Change the chosen delivery state', change, { enabled: mayChange });
  useShortcut('a', 'Take the chosen delivery state out of use, or back', toggle, { enabled: mayChange });
  useShortcut('r', 'Remove the chosen delivery state', remove, { enabled: mayRemove });
  return (
    <ListPage
      command={listDeliveryStates}
      title="Terminal Delivery States"
      description="The steps a terminal delivery passes through, in the order they are offered, with how many requests are at each. A state a request is in cannot be removed: take it out of use instead (its requests keep it). Enter picks a state to change."
      rowNoun={{ one: 'delivery state', other: 'delivery states' }}
      selectable={false}
      onOpenRow={(row) => setChosen(row as unknown as DeliveryStateRow)}
      summary={
        chosen ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" data-chosen-delivery-state={chosen.id}>
            <span className="font-medium">
              {chosen.position}. {chosen.name}
            </span>
            <Badge tone={chosen.active ? 'good' : 'neutral'}>{chosen.active ? 'In use' : 'Out of use'}</Badge>
            {chosen.delivered ? <Badge tone="good">Means delivered</Badge> : null}
            <span>{requestsWord(chosen.requests)} in it</span>
            {mayChange ? (
              <>
                <Button onClick={change}>
                  Change <ShortcutKey>e</ShortcutKey>
                </Button>
                <Button onClick={toggle}>
                  {chosen.active ? 'Take out of use' : 'Put back in use'} <ShortcutKey>a</ShortcutKey>
                </Button>
              </>
            ) : null}
            {mayRemove ? (
              <Button variant="danger" onClick={remove}>
                Remove <ShortcutKey>r</ShortcutKey>
              </Button>
            ) : null}
          </div>
        ) : null
      }
      actions={
        mayAdd ? (
          <Button variant="primary" onClick={create}>
            New delivery state <ShortcutKey>n</ShortcutKey>
          </Button>
        ) : null
      }
    />
  );
}

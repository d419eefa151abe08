import {
  addTerminalLocation,
  listTerminalLocations,
  NIGERIAN_STATES,
  removeTerminalLocation,
  TERMINAL_LOCATION_KIND_WORDS,
  TERMINAL_LOCATION_KINDS,
  type TerminalLocationRow,
  updateTerminalLocation,
} from '@traction/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { linkClass } from '../ui/linkClass';
import { ShortcutKey } from '../ui/ShortcutKey';

const OPTIONS = {
  stateCode: NIGERIAN_STATES.map((state) => ({ value: state.code, label: state.name })),
  kind: TERMINAL_LOCATION_KINDS.map((kind) => ({ value: kind, label: TERMINAL_LOCATION_KIND_WORDS[kind] })),
};

const count = (n: number) => `${n.toLocaleString('en-NG')} terminal${n === 1 ? '' : 's'}`;

/**
 * Terminal Locations: the warehouses, merchant sites and field offices terminals are at, with
 * how many each holds and the room left. New location (n); Enter on a row picks it, then e
 * changes it (or makes it inactive) and r removes it — refused, saying how many, while terminals
 * are there.
 */
export default function TerminalLocationsPage() {
  const { allowed, open } = useOpenCommand();
  const [chosen, setChosen] = useState<TerminalLocationRow | null>(null);
  const mayAdd = allowed(addTerminalLocation);
  const mayChange = chosen !== null && allowed(updateTerminalLocation);
  const mayRemove = chosen !== null && allowed(removeTerminalLocation);
  const create = () => open({ command: addTerminalLocation, onDone: (made) => setChosen(made) });
  const change = () =>
    chosen &&
    open({
      command: updateTerminalLocation,
      fixed: { id: chosen.id },
      about: chosen.name,
      subject: `${chosen.name}: ${count(chosen.terminals)} there now`,
      initial: {
        name: chosen.name,
        address: chosen.address,
        stateCode: chosen.stateCode,
        kind: chosen.kind,
        active: chosen.active,
        ...(chosen.lga ? { lga: chosen.lga } : {}),
        ...(chosen.capacity !== null ? { capacity: chosen.capacity } : {}),
      },
      onDone: (changed) => setChosen(changed),
    });
  const remove = () =>
    chosen &&
    open({
      command: removeTerminalLocation,
      fixed: { id: chosen.id },
      about: chosen.name,
      subject: chosen.terminals > 0 ? `${chosen.name} holds ${count(chosen.terminals)}: move them first` : `${chosen.name} holds no terminals`,
      onDone: () => setChosen(null),
    });
  useShortcut('n', 'New terminal location', create, { enabled: mayAdd });
  useShortcut('e', 'Change the chosen location', change, { enabled: mayChange });
  useShortcut('r', 'Remove the chosen location', remove, { enabled: mayRemove });
  return (
    <ListPage
      command={listTerminalLocations}
      title="Terminal Locations"
      description="Where terminals are stocked and deployed from: warehouses, merchant sites and field offices, by state. A location with a capacity takes terminals up to it; an inactive one keeps its terminals but takes no more. Enter picks a location to change or remove."
      rowNoun={{ one: 'location', other: 'locations' }}
      filterOptions={OPTIONS}
      selectable={false}
      onOpenRow={(row) => setChosen(row as unknown as TerminalLocationRow)}
      summary={
        chosen ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" data-chosen-location={chosen.id}>
            <span className="font-medium">{chosen.name}</span>
            <Badge tone={chosen.active ? 'good' : 'neutral'}>{chosen.active ? 'Active' : 'Inactive'}</Badge>
            <span>
              {count(chosen.terminals)}
              {chosen.capacity !== null ? ` of ${chosen.capacity.toLocaleString('en-NG')}` : ', no limit'}
            </span>
            <Link className={linkClass} to={`/terminals?locationId=${chosen.id}`}>
              Its terminals
            </Link>
            {mayChange ? (
              <Button onClick={change}>
                Change <ShortcutKey>e</ShortcutKey>
              </Button>
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
            New location <ShortcutKey>n</ShortcutKey>
          </Button>
        ) : null
      }
    />
  );
}

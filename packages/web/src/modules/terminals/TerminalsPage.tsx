import { addTerminal, listTerminals, NIGERIAN_BANKS, TERMINAL_PROVIDER_NAMES, TERMINAL_STATE_WORDS, TERMINAL_STATES } from '@traction/core';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';
import { ShortcutKey } from '../ui/ShortcutKey';

const OPTIONS = {
  state: TERMINAL_STATES.map((state) => ({ value: state, label: TERMINAL_STATE_WORDS[state] })),
  provider: TERMINAL_PROVIDER_NAMES.map((name) => ({ value: name, label: name })),
  bankCode: NIGERIAN_BANKS.map((bank) => ({ value: bank.cbnCode, label: bank.name })),
};

/**
 * All Terminals: the fleet by state, provider, bank or merchant; a serial number or terminal ID
 * typed in the search finds that one. A row opens the terminal (its details, moves and history);
 * New terminal (n) adds one to stock.
 */
export default function TerminalsPage() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const mayAdd = allowed(addTerminal);
  const create = () => navigate('/terminal/new');
  useShortcut('n', 'New terminal', create, { enabled: mayAdd });
  return (
    <ListPage
      command={listTerminals}
      title="All Terminals"
      description="Every POS terminal: in stock, assigned to a merchant, on its way, deployed, faulty, retrieved or decommissioned. Search by serial number, terminal ID or the start of the merchant's name."
      rowNoun={{ one: 'terminal', other: 'terminals' }}
      filterOptions={OPTIONS}
      selectable={false}
      actions={
        mayAdd ? (
          <Button variant="primary" onClick={create}>
            New terminal <ShortcutKey>n</ShortcutKey>
          </Button>
        ) : null
      }
    />
  );
}

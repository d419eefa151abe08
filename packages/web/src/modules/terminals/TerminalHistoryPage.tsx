import { getTerminal, listTerminals, TERMINAL_HISTORY_TYPES, terminalHistory } from '@traction/core';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { client } from '../../app/client';
import { ListPage } from '../list/ListPage';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { TextField } from '../ui/TextField';

const KINDS = { terminalHistoryType: TERMINAL_HISTORY_TYPES.map((kind) => ({ value: kind, label: kind[0]!.toUpperCase() + kind.slice(1) })) };

/**
 * Terminal History: type a serial number or terminal ID and read everything that happened to
 * that terminal — mappings, states, locations, price, details — newest first. The terminal stays
 * in the URL (`?terminal=12`), so a history can be shared.
 */
export default function TerminalHistoryPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('terminal'));
  const chosen = Number.isInteger(id) && id > 0;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [looking, setLooking] = useState(false);
  const terminal = useCommandQuery(getTerminal, { id }, { enabled: chosen });
  const fixed = useMemo(() => ({ id }), [id]);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    const search = text.trim();
    if (!search) return setProblem('Type a serial number or terminal ID.');
    setLooking(true);
    try {
      const found = await client.call(listTerminals, { search });
      const exact = found.items.filter((row) => row.serialNo === search.toUpperCase() || row.terminalId === search.toUpperCase());
      const only = exact.length === 1 ? exact[0] : found.items.length === 1 ? found.items[0] : undefined;
      if (!only)
        return setProblem(
          found.items.length === 0
            ? `No terminal has the serial number or terminal ID ${search}.`
            : `${search} matches ${found.total} terminals: type the whole serial number or terminal ID.`,
        );
      setProblem('');
      setParams({ terminal: String(only.id) });
    } catch (error) {
      setProblem(`The terminal could not be looked up: ${(error as Error).message}`);
    } finally {
      setLooking(false);
    }
  };

  const finder = (
    <form onSubmit={find} className="flex max-w-xl items-end gap-2" data-testid="terminal-history-find">
      <TextField
        label="Serial number or terminal ID"
        className="flex-1"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={problem || undefined}
        autoFocus={!chosen}
      />
      <Button type="submit" variant="primary" disabled={looking}>
        Show history
      </Button>
    </form>
  );
  if (!chosen || !terminal.data)
    return (
      <div className="max-w-4xl space-y-4" data-page="terminal-history">
        <PageHeader
          title="Terminal History"
          description="Everything that happened to one terminal: its mappings, states, locations, price and details, newest first."
        />
        {finder}
        {chosen && terminal.isError ? <p role="alert">There is no terminal #{id}.</p> : null}
      </div>
    );
  const shown = terminal.data;
  return (
    <div className="space-y-4" data-page="terminal-history">
      {finder}
      <ListPage
        key={id}
        command={terminalHistory}
        title={`History of ${shown.serialNo} (${shown.terminalId})`}
        description={`${shown.provider} ${shown.model}, ${shown.state.toLowerCase().replace('_', ' ')}${shown.businessName ? ` at ${shown.businessName}` : ''}.`}
        rowNoun={{ one: 'event', other: 'events' }}
        fixed={fixed}
        filterOptions={KINDS}
        selectable={false}
        actions={
          <Link className={linkClass} to={`/terminals/${shown.id}`}>
            Open the terminal
          </Link>
        }
      />
    </div>
  );
}

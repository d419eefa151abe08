import {
  getTerminal,
  listFieldForms,
  listSheetRows,
  MAPPED_STATES,
  moveTerminal,
  reassignTerminal,
  TERMINAL_HISTORY_TYPES,
  TERMINAL_STATE_WORDS,
  terminalHistory,
  unmapTerminal,
  updateTerminal,
} from '@traction/core';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { useCommandQuery } from '../list/useCommandQuery';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { linkClass } from '../ui/linkClass';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { ShortcutKey } from '../ui/ShortcutKey';

const KINDS = { terminalHistoryType: TERMINAL_HISTORY_TYPES.map((kind) => ({ value: kind, label: kind[0]!.toUpperCase() + kind.slice(1) })) };

/**
 * One terminal: its details and where it is, what it may become next (m moves it: faulty,
 * retrieved, back in stock…), mapped to a merchant (r) or unmapped (u), its details changed (e),
 * and everything that happened to it.
 */
export default function TerminalPage() {
  const { id: raw = '' } = useParams();
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  const terminal = useCommandQuery(getTerminal, { id }, { enabled: valid });
  const { allowed, open } = useOpenCommand();
  const fixed = useMemo(() => ({ id }), [id]);
  const shown = terminal.data;
  const name = shown ? `${shown.serialNo} (${shown.terminalId})` : '';
  const mayMove = allowed(moveTerminal) && (shown?.nextStates.length ?? 0) > 0;
  const move = () =>
    shown &&
    open({
      command: moveTerminal,
      fixed: { id },
      about: `terminal ${name}`,
      subject: `${TERMINAL_STATE_WORDS[shown.state]} now; it can become ${shown.nextStates.map((state) => TERMINAL_STATE_WORDS[state].toLowerCase()).join(', ')}`,
      onDone: () => void terminal.refetch(),
    });
  const edit = () =>
    shown &&
    open({
      command: updateTerminal,
      fixed: { id },
      about: `terminal ${name}`,
      subject: 'Leave a box empty to keep what it holds',
      onDone: () => void terminal.refetch(),
    });
  const mayMap = Boolean(shown) && allowed(reassignTerminal) && (shown!.state === 'IN_STOCK' || MAPPED_STATES.includes(shown!.state));
  const mayUnmap = Boolean(shown?.businessId) && allowed(unmapTerminal);
  const reassign = () =>
    shown &&
    open({
      command: reassignTerminal,
      fixed: { terminal_id: shown.terminalId },
      about: `terminal ${name}`,
      subject: shown.businessName ? `With ${shown.businessName} now` : 'In stock now: it becomes assigned',
      onDone: () => void terminal.refetch(),
    });
  const unmap = () =>
    shown &&
    open({
      command: unmapTerminal,
      fixed: { terminal_id: shown.terminalId, serial_no: shown.serialNo },
      about: `terminal ${name}`,
      subject: `${shown.serialNo} at ${shown.businessName ?? 'its merchant'}`,
      onDone: () => void terminal.refetch(),
    });
  useShortcut('m', 'Move to another state', move, { enabled: mayMove });
  useShortcut('r', 'Reassign to a merchant', reassign, { enabled: mayMap });
  useShortcut('u', 'Unmap from its merchant', unmap, { enabled: mayUnmap });
  useShortcut('e', 'Change details', edit, { enabled: Boolean(shown) && allowed(updateTerminal) });
  if (valid && terminal.isPending) return <PageSpinner />;
  if (!shown)
    return (
      <RecordNotLoaded
        valid={valid}
        error={terminal.error}
        missing={`There is no terminal #${raw}.`}
        failed="This terminal could not be loaded"
        retry={() => void terminal.refetch()}
      />
    );
  return (
    <ListPage
      key={id}
      command={terminalHistory}
      title={`Terminal ${shown.serialNo}`}
      description={`Terminal ID ${shown.terminalId} · ${shown.provider} ${shown.model} · acquires for ${shown.bankName}. Its history, newest first.`}
      rowNoun={{ one: 'event', other: 'events' }}
      fixed={fixed}
      filterOptions={KINDS}
      selectable={false}
      summary={
        <dl className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm" data-terminal-state={shown.state}>
          <Badge tone={shown.state === 'DEPLOYED' ? 'good' : shown.state === 'FAULTY' || shown.state === 'DECOMMISSIONED' ? 'bad' : 'neutral'}>
            {TERMINAL_STATE_WORDS[shown.state]}
          </Badge>
          <div>
            <dt className="inline text-zinc-500">Merchant </dt>
            <dd className="inline">
              {shown.businessId ? (
                <Link className={linkClass} to={`/merchants/${shown.businessId}`}>
                  {shown.businessName}
                </Link>
              ) : (
                'none'
              )}
            </dd>
          </div>
          <div>
            <dt className="inline text-zinc-500">Store </dt>
            <dd className="inline">{shown.storeName ?? 'none'}</dd>
          </div>
          <div>
            <dt className="inline text-zinc-500">Site </dt>
            <dd className="inline">
              {shown.locationId ? (
                <Link className={linkClass} to={`/terminals?locationId=${shown.locationId}`}>
                  {shown.locationName}
                </Link>
              ) : (
                'none'
              )}
            </dd>
          </div>
          <div>
            <dt className="inline text-zinc-500">Location </dt>
            <dd className="inline">{shown.location ?? 'not recorded'}</dd>
          </div>
          {allowed(listFieldForms) || allowed(listSheetRows) ? (
            <div data-testid="terminal-field-links">
              <dt className="inline text-zinc-500">In the field </dt>
              <dd className="inline space-x-3">
                {allowed(listFieldForms) ? (
                  <Link className={linkClass} to={`/form-responses?search=${encodeURIComponent(shown.terminalId)}`}>
                    Forms from the field app
                  </Link>
                ) : null}
                {allowed(listSheetRows) ? (
                  <Link className={linkClass} to={`/terminal-mastersheet?search=${encodeURIComponent(shown.terminalId)}`}>
                    Mastersheet rows
                  </Link>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>
      }
      actions={
        <>
          {mayMove ? (
            <Button variant="primary" onClick={move}>
              Move <ShortcutKey>m</ShortcutKey>
            </Button>
          ) : null}
          {mayMap ? (
            <Button onClick={reassign}>
              Reassign <ShortcutKey>r</ShortcutKey>
            </Button>
          ) : null}
          {mayUnmap ? (
            <Button onClick={unmap}>
              Unmap <ShortcutKey>u</ShortcutKey>
            </Button>
          ) : null}
          {allowed(updateTerminal) ? (
            <Button onClick={edit}>
              Change details <ShortcutKey>e</ShortcutKey>
            </Button>
          ) : null}
        </>
      }
    />
  );
}

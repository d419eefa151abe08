import { listMerchantTerminals, TERMINAL_STATE_WORDS } from '@traction/core';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useCommandQuery } from '../list/useCommandQuery';
import { linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';
import { DetailTable } from './DetailTable';

/** The business's terminals (assigned, on their way or deployed), each linked to its page; shown to admins who may view terminals. */
export function MerchantTerminalsSection({ businessId }: { businessId: number }) {
  const permissions = useAtomValue(permissionSetAtom);
  const allowed = permissions.has('terminals.view');
  const terminals = useCommandQuery(listMerchantTerminals, { businessId }, { enabled: allowed });
  if (!allowed) return null;
  const rows = terminals.data?.items ?? [];
  return (
    <Section name="terminals" title="Terminals" count={terminals.data?.total ?? rows.length}>
      <DetailTable
        label="Terminals"
        rows={rows}
        rowKey={(terminal) => terminal.id}
        empty={terminals.isPending ? 'Loading…' : 'No terminals.'}
        columns={[
          {
            label: 'Serial number',
            cell: (terminal) => (
              <Link className={linkClass} to={`/terminals/${terminal.id}`}>
                {terminal.serialNo}
              </Link>
            ),
          },
          { label: 'Terminal ID', cell: (terminal) => terminal.terminalId },
          { label: 'State', cell: (terminal) => TERMINAL_STATE_WORDS[terminal.state] },
          { label: 'Store', cell: (terminal) => terminal.storeName ?? '—' },
        ]}
      />
    </Section>
  );
}

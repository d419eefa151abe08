import { listFieldForms, listMerchantTerminals, listVisits, TERMINAL_STATE_WORDS } from '@traction/core';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useCommandQuery } from '../list/useCommandQuery';
import { linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';
import { DetailTable } from './DetailTable';

/**
 * The business's terminals (assigned, on their way or deployed), each linked to its page, with
 * links to the field team's forms and visits for the business; shown to admins who may view terminals.
 */
export function MerchantTerminalsSection({ businessId }: { businessId: number }) {
  const permissions = useAtomValue(permissionSetAtom);
  const allowed = permissions.has('terminals.view');
  const terminals = useCommandQuery(listMerchantTerminals, { businessId }, { enabled: allowed });
  if (!allowed) return null;
  const rows = terminals.data?.items ?? [];
  const field = [
    permissions.has(listFieldForms.permission ?? '') ? { to: `/form-responses?businessId=${businessId}`, label: 'Field forms' } : null,
    permissions.has(listVisits.permission ?? '') ? { to: `/merchant-visitation?businessId=${businessId}`, label: 'Visits' } : null,
  ].filter((link) => link !== null);
  return (
    <Section
      name="terminals"
      title="Terminals"
      count={terminals.data?.total ?? rows.length}
      aside={
        field.length > 0 ? (
          <span className="space-x-3 text-sm">
            {field.map((link) => (
              <Link key={link.to} className={linkClass} to={link.to}>
                {link.label}
              </Link>
            ))}
          </span>
        ) : null
      }
    >
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

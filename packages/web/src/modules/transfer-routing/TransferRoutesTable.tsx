import { clearBankRoute, providerWords, routeTransfers, type TransferRoute } from '@traction/core';
import { useOpenCommand } from '../commands/useOpenCommand';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { lastChangeWords } from './lastChangeWords';

/** Where a new transfer goes now, in words and a tone: its provider, the one taking over, or nowhere. */
function SendsThrough({ route }: { route: TransferRoute }) {
  if (route.sendsThrough === null) return <Badge tone="bad">Nothing is sent: every provider is down</Badge>;
  if (route.sendsThrough !== route.provider) return <Badge tone="warn">{`${providerWords(route.sendsThrough)} (failover)`}</Badge>;
  return <span>{providerWords(route.sendsThrough)}</span>;
}

/** The route of all banks first, then the banks routed elsewhere, each changeable with a reason. */
export function TransferRoutesTable({ routes }: { routes: readonly TransferRoute[] }) {
  const { allowed, open } = useOpenCommand();
  const canRoute = allowed(routeTransfers);
  const canClear = allowed(clearBankRoute);
  return (
    <table className="w-full text-sm">
      <thead className="text-left text-zinc-500">
        <tr>
          <th className="px-3 py-2 font-medium">Banks</th>
          <th className="px-3 py-2 font-medium">Provider</th>
          <th className="px-3 py-2 font-medium">New transfers go through</th>
          <th className="px-3 py-2 font-medium">Why, when</th>
          {canRoute || canClear ? (
            <th className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {routes.map((route) => (
          <tr key={route.bankCode ?? '*'} data-route={route.bankCode ?? 'all'} className="border-t border-zinc-200 dark:border-zinc-800">
            <th scope="row" className="px-3 py-2 text-left font-medium">
              {route.bankName}
            </th>
            <td className="px-3 py-2">{providerWords(route.provider)}</td>
            <td className="px-3 py-2">
              <SendsThrough route={route} />
            </td>
            <td className="px-3 py-2 text-zinc-500">{lastChangeWords(route, 'The default')}</td>
            {canRoute || canClear ? (
              <td className="px-3 py-2 text-right whitespace-nowrap">
                <span className="inline-flex gap-2">
                  {canRoute ? (
                    <Button
                      data-change-route={route.bankCode ?? 'all'}
                      onClick={() =>
                        open({
                          command: routeTransfers,
                          // The route of all banks has no bank code: fixing it empty hides the field.
                          fixed: { bankCode: route.bankCode ?? undefined },
                          initial: { provider: route.provider },
                          about: route.bankCode === null ? 'all banks' : route.bankName,
                          subject: `Now ${providerWords(route.provider)}. Transfers already sent keep their provider.`,
                        })
                      }
                    >
                      Change
                    </Button>
                  ) : null}
                  {canClear && route.bankCode !== null ? (
                    <Button
                      data-clear-route={route.bankCode}
                      onClick={() =>
                        open({
                          command: clearBankRoute,
                          fixed: { bankCode: route.bankCode ?? '' },
                          about: route.bankName,
                          subject: `${route.bankName} follows the route of all banks again.`,
                        })
                      }
                    >
                      Remove
                    </Button>
                  ) : null}
                </span>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

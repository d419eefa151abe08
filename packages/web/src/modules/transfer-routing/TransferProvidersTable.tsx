import { markTransferProvider, setSandboxTransferOutage, type TransferProviderState } from '@traction/core';
import { useOpenCommand } from '../commands/useOpenCommand';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { lastChangeWords } from './lastChangeWords';

/**
 * Each provider, up or down as an admin marked it, with why and when; on a sandbox, its outage
 * switch too (a rehearsal of the provider failing, separate from marking it down for routing).
 */
export function TransferProvidersTable({ providers }: { providers: readonly TransferProviderState[] }) {
  const { allowed, open } = useOpenCommand();
  const canMark = allowed(markTransferProvider);
  const canSwitch = allowed(setSandboxTransferOutage);
  return (
    <table className="w-full text-sm">
      <thead className="text-left text-zinc-500">
        <tr>
          <th className="px-3 py-2 font-medium">Provider</th>
          <th className="px-3 py-2 font-medium">Routing</th>
          <th className="px-3 py-2 font-medium">Why, when</th>
          <th className="px-3 py-2 font-medium">Sandbox outage</th>
          {canMark || canSwitch ? (
            <th className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {providers.map((provider) => (
          <tr key={provider.provider} data-provider={provider.provider} data-down={provider.down} className="border-t border-zinc-200 dark:border-zinc-800">
            <th scope="row" className="px-3 py-2 text-left font-medium">
              {provider.name} <Badge>{provider.mode === 'sandbox' ? 'Sandbox' : 'HTTP'}</Badge>
            </th>
            <td className="px-3 py-2">{provider.down ? <Badge tone="bad">Down</Badge> : <Badge tone="good">Up</Badge>}</td>
            <td className="px-3 py-2 text-zinc-500">{lastChangeWords(provider, 'Never changed')}</td>
            <td className="px-3 py-2">
              {provider.sandboxOutage === null ? (
                <span className="text-zinc-500">Real provider</span>
              ) : provider.sandboxOutage ? (
                <Badge tone="bad">Not answering</Badge>
              ) : (
                <Badge>Answering</Badge>
              )}
            </td>
            {canMark || canSwitch ? (
              <td className="px-3 py-2 text-right whitespace-nowrap">
                <span className="inline-flex gap-2">
                  {canMark ? (
                    <Button
                      data-mark={provider.provider}
                      onClick={() =>
                        open({
                          command: markTransferProvider,
                          fixed: { provider: provider.provider, state: provider.down ? 'up' : 'down' },
                          about: provider.name,
                          subject: provider.down
                            ? `New transfers routed to ${provider.name} go through it again.`
                            : `New transfers routed to ${provider.name} go to the next provider that is up; transfers already sent stay with it.`,
                        })
                      }
                    >
                      {provider.down ? 'Mark up' : 'Mark down'}
                    </Button>
                  ) : null}
                  {canSwitch && provider.sandboxOutage !== null ? (
                    <Button
                      data-outage={provider.provider}
                      onClick={() =>
                        open({
                          command: setSandboxTransferOutage,
                          fixed: { provider: provider.provider, down: !provider.sandboxOutage },
                          about: `the sandbox ${provider.name}`,
                          subject: provider.sandboxOutage
                            ? 'The sandbox answers again.'
                            : 'Every call to this sandbox fails as unavailable until the outage is ended.',
                        })
                      }
                    >
                      {provider.sandboxOutage ? 'End outage' : 'Start outage'}
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

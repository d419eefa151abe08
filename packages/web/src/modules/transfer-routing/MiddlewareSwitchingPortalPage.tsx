import { getSwitchingMiddleware, setSwitchingMiddleware, switchingMiddlewareHistory } from '@traction/core';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useCommandQuery } from '../list/useCommandQuery';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { Section } from '../ui/Section';
import { lastChangeWords } from './lastChangeWords';
import { RoutingHistoryTable } from './RoutingHistoryTable';

/** Middleware Switching Portal (Settings): the switch card (POS) transactions go through, switched with a reason, and its history. */
export default function MiddlewareSwitchingPortalPage() {
  const shown = useCommandQuery(getSwitchingMiddleware, {});
  const history = useCommandQuery(switchingMiddlewareHistory, { limit: 20 });
  const { allowed, open } = useOpenCommand();
  if (shown.isPending) return <PageSpinner />;
  const state = shown.data;
  if (!state) {
    return (
      <p role="alert" className="text-red-600">
        The switching middleware could not be loaded{shown.error ? `: ${shown.error.message}` : '.'}
      </p>
    );
  }
  const canSwitch = allowed(setSwitchingMiddleware);
  return (
    <div className="max-w-4xl space-y-5">
      <PageHeader
        title="Middleware Switching Portal"
        description="The switch that carries card (POS) transactions from our terminals to the card schemes. One is active at a time."
      />
      <Section name="middleware" title="Switching middleware">
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {state.options.map((option) => {
            const active = option.middleware === state.middleware;
            return (
              <li
                key={option.middleware}
                data-middleware={option.middleware}
                data-active={active}
                className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
              >
                <span className="flex items-center gap-2">
                  <span className="font-medium">{option.name}</span>
                  {active ? <Badge tone="good">Active</Badge> : null}
                </span>
                {active ? (
                  <span className="text-zinc-500">{lastChangeWords(state, 'The default')}</span>
                ) : canSwitch ? (
                  <Button
                    data-switch-to={option.middleware}
                    onClick={() =>
                      open({
                        command: setSwitchingMiddleware,
                        fixed: { middleware: option.middleware },
                        about: option.name,
                        subject: `Card transactions go through ${state.name} now; they go through ${option.name} from the next one on.`,
                      })
                    }
                  >
                    Switch to {option.name}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </Section>
      <Section name="history" title="History">
        {history.data ? (
          <RoutingHistoryTable rows={history.data.items} showSubject={false} />
        ) : (
          <p className="px-3 py-2 text-sm text-zinc-500">{history.error ? `The history could not be loaded: ${history.error.message}` : 'Loading…'}</p>
        )}
      </Section>
    </div>
  );
}

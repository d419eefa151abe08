import { type CommandOutput, scheduleVisit } from '@traction/core';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { CommandForm } from '../forms/CommandForm';
import type { CommandRequest } from '../forms/commandRequestAtom';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { AgentIdControl } from './AgentIdControl';

type Scheduled = CommandOutput<typeof scheduleVisit>;

const SCHEDULE_PATH = '/merchant-visitation';

/**
 * New Merchant Visit: the agent (picked by name), the merchant (picked by name or email), the
 * agenda and the time. Ctrl+Enter sends it; then "Another visit" keeps going through a week.
 */
export default function NewVisitPage() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const [scheduled, setScheduled] = useState<Scheduled | null>(null);
  const [round, setRound] = useState(0);
  const request = useMemo<CommandRequest<typeof scheduleVisit>>(
    () => ({
      command: scheduleVisit,
      parts: { controls: { agentId: AgentIdControl }, labels: { agentId: 'Agent' } },
      onDone(output) {
        setScheduled(output);
      },
    }),
    [],
  );
  return (
    <div className="max-w-xl" data-page="new-merchant-visit">
      <PageHeader
        title="New Merchant Visit"
        description="Book an agent to visit a merchant. The time is Lagos time and must be in the future; a visit overlapping another of the same agent is refused. Location and state default to the merchant's address."
      />
      <section aria-label={scheduleVisit.title} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        {!allowed(scheduleVisit) ? (
          <p className="text-zinc-500">You need the {scheduleVisit.permission} permission to schedule visits.</p>
        ) : scheduled ? (
          <div role="status" data-visit-id={scheduled.visit.id}>
            <p className="text-sm">{scheduled.message}</p>
            <div className="mt-4 flex gap-2">
              <Button
                variant="primary"
                autoFocus
                onClick={() => {
                  setScheduled(null);
                  setRound((n) => n + 1);
                }}
              >
                Another visit
              </Button>
              <Button onClick={() => navigate(`/view-merchant-visitation-log/${scheduled.visit.id}`)}>Open this visit</Button>
              <Button onClick={() => navigate(SCHEDULE_PATH)}>The schedule</Button>
            </div>
          </div>
        ) : (
          <CommandForm key={round} command={scheduleVisit} request={request} onClose={() => navigate(SCHEDULE_PATH)} autoFocus />
        )}
      </section>
    </div>
  );
}

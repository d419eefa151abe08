import { lagosDate, listVisits, scheduleVisit } from '@traction/core';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';
import { ShortcutKey } from '../ui/ShortcutKey';

const NEW_VISIT_PATH = '/new-merchant-visit';

/**
 * Merchant Visitation Schedule: every agent's visits, soonest first, filtered by agenda,
 * location, status, agent and dates (spec §3). Enter opens a visit (log it, cancel it); New visit
 * (n) opens the form.
 */
export default function VisitSchedulePage() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const maySchedule = allowed(scheduleVisit);
  const create = () => navigate(NEW_VISIT_PATH);
  useShortcut('n', 'Schedule a new merchant visit', create, { enabled: maySchedule });
  // The schedule ahead (from today, still scheduled), or every visit since the first.
  const views = [
    { label: 'Ahead', search: `status=SCHEDULED&startdatetime=${lagosDate()}` },
    { label: 'All visits', search: '' },
  ];
  return (
    <ListPage
      command={listVisits}
      title="Merchant Visitation Schedule"
      description="Visits of sales agents, MSOs and DSRs to merchants, soonest first. An agent never has two scheduled visits at the same time. Enter opens a visit to log or cancel it."
      rowNoun={{ one: 'visit', other: 'visits' }}
      selectable={false}
      views={views}
      actions={
        maySchedule ? (
          <Button variant="primary" onClick={create}>
            New visit <ShortcutKey>n</ShortcutKey>
          </Button>
        ) : null
      }
    />
  );
}

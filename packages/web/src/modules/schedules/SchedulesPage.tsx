import { createExportSchedule, listExportSchedules } from '@traction/core';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';
import { ShortcutKey } from '../ui/ShortcutKey';
import { SCHEDULE_FORM_PARTS } from './scheduleFormParts';

const DETAIL_ROUTE = '/schedules-management/{id}';

/**
 * Schedules Management: the exports run every day at a set time (Lagos) and emailed to their
 * recipients, with their next and last runs. n makes one (admins with "schedules.manage");
 * Enter opens one, to run it now, change, pause or delete it.
 */
export default function SchedulesPage() {
  const { allowed, open } = useOpenCommand();
  const mayManage = allowed(createExportSchedule);
  const create = () => open({ command: createExportSchedule, parts: SCHEDULE_FORM_PARTS });
  useShortcut('n', 'New scheduled export', create, { enabled: mayManage });
  return (
    <ListPage
      command={listExportSchedules}
      title="Schedules Management"
      description="Exports run every day at a set time (Lagos) and emailed to their recipients. Enter opens a schedule: its settings and latest runs."
      rowNoun={{ one: 'schedule', other: 'schedules' }}
      detailRoute={DETAIL_ROUTE}
      selectable={false}
      emptyText="No scheduled exports yet. n makes one: a list, a time of day (Lagos) and who gets the file’s link every day."
      actions={
        mayManage ? (
          <Button variant="primary" onClick={create} aria-keyshortcuts="n" data-action="new-schedule">
            New schedule
            <ShortcutKey>n</ShortcutKey>
          </Button>
        ) : null
      }
    />
  );
}

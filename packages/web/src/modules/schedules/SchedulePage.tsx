import {
  deleteExportSchedule,
  getExportSchedule,
  listExportSchedules,
  runExportScheduleNow,
  SCHEDULE_DATE_RANGE_WORDS,
  SCHEDULE_RUN_STATUS_WORDS,
  updateExportSchedule,
} from '@traction/core';
import { useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useRunCommand } from '../commands/useRunCommand';
import { exportsStartedAtom } from '../downloads/exportsStartedAtom';
import { failureMessage } from '../forms/useCommandRun';
import { useShortcut } from '../keyboard/useShortcut';
import { useCommandQuery } from '../list/useCommandQuery';
import { Badge } from '../ui/Badge';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';
import { type ShortcutButton, ShortcutButtons } from '../ui/ShortcutButtons';
import { useToast } from '../ui/useToast';
import { SCHEDULE_EDIT_PARTS } from './scheduleFormParts';
import { ScheduleRunsTable } from './ScheduleRunsTable';

const LIST_PATH = '/schedules-management';
/** Between looks while a run is being written. */
const RUNNING_POLL_MS = 3_000;

function Facts({ facts }: { facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="schedule-facts">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
          <dd className="min-w-0 wrap-anywhere">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One scheduled export: what it exports, when and to whom, and its latest runs. With
 * "schedules.manage": r runs it now (an extra run; the daily one still happens), e edits it,
 * p pauses or resumes it, Delete deletes it after a confirmation. u goes back to the list.
 */
export default function SchedulePage() {
  const { id: raw = '' } = useParams();
  const id = Number(raw);
  const valid = Number.isSafeInteger(id) && id > 0;
  const shown = useCommandQuery(
    getExportSchedule,
    { id },
    { enabled: valid, refetchInterval: (data) => (data?.runs.some((run) => run.status === 'RUNNING') ? RUNNING_POLL_MS : false) },
  );
  const schedule = shown.data;
  const navigate = useNavigate();
  const { allowed, open } = useOpenCommand();
  const { show } = useToast();
  const setStarted = useSetAtom(exportsStartedAtom);
  const runNow = useRunCommand(runExportScheduleNow);
  const pause = useRunCommand(updateExportSchedule);
  const mayManage = allowed(updateExportSchedule);
  const busy = runNow.isPending || pause.isPending;

  const actions = {
    run: () =>
      schedule &&
      runNow.mutate(
        { id: schedule.id },
        {
          onSuccess: (answer) => {
            setStarted((current) => new Set([...current, answer.export.id]));
            show({
              tone: 'info',
              message: `“${schedule.name}” is running — export #${answer.export.id} will be in Downloads`,
              link: { to: '/downloads', label: 'Downloads' },
            });
          },
          onError: (error) => show({ tone: 'bad', message: `“${schedule.name}” did not run: ${failureMessage(error)}` }),
        },
      ),
    edit: () =>
      schedule &&
      open({
        command: updateExportSchedule,
        fixed: { id: schedule.id },
        initial: { name: schedule.name, dateRange: schedule.dateRange, time: schedule.time, recipients: schedule.recipients, active: schedule.active },
        about: `“${schedule.name}”`,
        parts: SCHEDULE_EDIT_PARTS,
      }),
    pause: () =>
      schedule &&
      pause.mutate(
        { id: schedule.id, active: !schedule.active },
        {
          onSuccess: (answer) =>
            show({ tone: 'info', message: answer.active ? `“${answer.name}” resumed` : `“${answer.name}” paused: it will not run until resumed` }),
          onError: (error) => show({ tone: 'bad', message: `“${schedule.name}” was not changed: ${failureMessage(error)}` }),
        },
      ),
    remove: () =>
      schedule &&
      open({
        command: deleteExportSchedule,
        fixed: { id: schedule.id },
        about: `“${schedule.name}”`,
        action: `Delete “${schedule.name}”`,
        subject: `“${schedule.name}” and its run history; files it made stay in Downloads until they expire`,
        onDone: () => navigate(LIST_PATH),
      }),
  };
  const enabled = mayManage && !!schedule && !busy;
  useShortcut('r', 'Run the schedule now', actions.run, { enabled });
  useShortcut('e', 'Edit the schedule', actions.edit, { enabled });
  useShortcut('p', 'Pause or resume the schedule', actions.pause, { enabled });
  useShortcut('delete', 'Delete the schedule', actions.remove, { enabled });
  useShortcut('u', 'Back to the schedules', () => navigate(LIST_PATH), { enabled: allowed(listExportSchedules) });

  if (valid && shown.isPending) return <PageSpinner />;
  if (!schedule) {
    return (
      <RecordNotLoaded
        valid={valid}
        error={shown.error}
        missing={`There is no scheduled export #${raw}.`}
        failed="This schedule could not be loaded"
        retry={() => void shown.refetch()}
      />
    );
  }

  const state = <Badge tone={schedule.active ? 'good' : 'warn'}>{schedule.active ? 'Active' : 'Paused'}</Badge>;
  const buttons: ShortcutButton[] = [
    { key: 'r', label: 'Run now', show: mayManage, run: actions.run, variant: 'primary', disabled: busy },
    { key: 'e', label: 'Edit', show: mayManage, run: actions.edit, variant: 'secondary', disabled: busy },
    { key: 'p', label: schedule.active ? 'Pause' : 'Resume', show: mayManage, run: actions.pause, variant: 'secondary', disabled: busy },
    { key: 'delete', label: 'Delete', show: mayManage, run: actions.remove, variant: 'danger', disabled: busy },
  ];
  return (
    <div className="max-w-5xl space-y-4" data-page="schedule" data-schedule-id={schedule.id} data-active={schedule.active}>
      <PageHeader
        title={schedule.name}
        description={`${schedule.title} · ${SCHEDULE_DATE_RANGE_WORDS[schedule.dateRange]} · every day at ${schedule.time} (Lagos)`}
        actions={
          <>
            <ShortcutButtons buttons={buttons} />
            <Link className={linkClass} to={LIST_PATH} aria-keyshortcuts="u">
              All schedules
            </Link>
          </>
        }
      />
      <Section name="settings" title="Settings" padded>
        <Facts
          facts={[
            ['State', state],
            ['List', `${schedule.title} (${schedule.commandId})`],
            ['Filters', schedule.filterWords],
            ['Date range', SCHEDULE_DATE_RANGE_WORDS[schedule.dateRange]],
            ['Time (Lagos)', schedule.time],
            ['Recipients', schedule.recipients.join(', ')],
            ['Next run', schedule.active ? formatDateTime(schedule.nextRunAt) : 'None while paused'],
            [
              'Last run',
              schedule.lastRunAt
                ? `${formatDateTime(schedule.lastRunAt)}${schedule.lastRunStatus ? ` · ${SCHEDULE_RUN_STATUS_WORDS[schedule.lastRunStatus]}` : ''}`
                : 'Never',
            ],
            ['Made by', `${schedule.createdByName ?? 'Unknown'} on ${formatDateTime(schedule.createdAt)}`],
          ]}
        />
      </Section>
      <Section name="runs" title="Latest runs" count={schedule.runs.length}>
        <ScheduleRunsTable runs={schedule.runs} />
      </Section>
    </div>
  );
}

import type { FormParts } from '../forms/FormParts';
import { ScheduleDateRangeNote } from './ScheduleDateRangeNote';
import { ScheduleListControl } from './ScheduleListControl';

/**
 * The scheduled-export form over schedules.create: the list picked by name, a warning when its
 * list has no dates, recipients typed comma-separated. The list's own filters are not asked for
 * here (a schedule made here exports the list's every row in its date range); the CLI's
 * `--filters` sets them, and editing a schedule keeps them.
 */
export const SCHEDULE_FORM_PARTS: FormParts = {
  labels: { recipients: 'Recipients (emails, comma-separated)' },
  controls: { list: ScheduleListControl },
  notes: { dateRange: ScheduleDateRangeNote },
};

/** schedules.update: the list is fixed once made; the same labels. */
export const SCHEDULE_EDIT_PARTS: FormParts = {
  labels: SCHEDULE_FORM_PARTS.labels ?? {},
};

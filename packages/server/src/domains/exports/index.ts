import type { Implementation } from '../../handling/implement';
import type { AnyJobDefinition } from '../jobs/index';
import { exportWriteJob } from './export-write-job';
import { exportImplementations } from './exports.handlers';
import type { ListLookup } from './list-lookup';
import { scheduleImplementations } from './schedules.handlers';
import { scheduleDeliverJob, scheduleRunJob } from './schedule-run-job';

export type { ListLookup } from './list-lookup';
export { pruneExpiredExports } from './prune-exports';

/** Export jobs (Downloads) and scheduled exports; lists are read through `lists`. */
export function exportDomainImplementations(lists: ListLookup): readonly Implementation[] {
  return [...exportImplementations(lists), ...scheduleImplementations(lists)];
}

/** The jobs that write export files and run schedules. */
export function exportJobs(lists: ListLookup): readonly AnyJobDefinition[] {
  return [exportWriteJob(lists), scheduleRunJob(lists), scheduleDeliverJob];
}

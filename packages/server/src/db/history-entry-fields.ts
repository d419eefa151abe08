import { isoTimestamp } from './timestamps';

/**
 * The columns every history table of a configured record holds (airtime_rate_changes,
 * fraud_rule_versions), read with the changing admin's name.
 */
interface HistoryEntryRow {
  change: string;
  summary: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  changed_by_name: string | null;
  changed_at: Date | string;
}

/**
 * A history row's common part as answers carry it: the kind of change, what changed before →
 * after and why, who changed it and when. Each history adds which record it was.
 */
export function historyEntryFields<Row extends HistoryEntryRow>(
  row: Row,
): Pick<Row, 'change' | 'summary' | 'reason' | 'before' | 'after'> & { changedBy: string | null; changedAt: string } {
  return {
    change: row.change,
    summary: row.summary,
    reason: row.reason,
    before: row.before,
    after: row.after,
    changedBy: row.changed_by_name,
    changedAt: isoTimestamp(row.changed_at),
  };
}

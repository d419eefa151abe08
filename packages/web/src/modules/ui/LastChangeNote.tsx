import { formatDateTime } from './formatDateTime';

/**
 * A configured record's last change in a table cell: what changed (when its history says), then
 * when, by whom and why. Rows of records kept with a history (airtime rates, fraud rules) show it
 * under "Last change".
 */
export function LastChangeNote({
  record,
}: {
  record: {
    /** The last history entry's summary, or null when there is none. */
    lastChange: string | null;
    /** The last history entry's reason, or null. */
    lastChangeReason: string | null;
    updatedAt: string;
    /** The admin who changed it last, or null. */
    updatedBy: string | null;
  };
}) {
  return (
    <>
      {record.lastChange ? <p>{record.lastChange}</p> : null}
      <p>
        {formatDateTime(record.updatedAt)}
        {record.updatedBy ? ` · ${record.updatedBy}` : ''}
        {record.lastChangeReason ? ` · ${record.lastChangeReason}` : ''}
      </p>
    </>
  );
}

import { listLoggedVisits } from '@traction/core';
import { ListPage } from '../list/ListPage';

/** Merchant Visitation Log: visits whose time has come, latest first, with what happened; Enter opens one. */
export default function VisitLogPage() {
  return (
    <ListPage
      command={listLoggedVisits}
      title="Merchant Visitation Log"
      description="Visits whose time has come, latest first: done and missed ones with what happened, cancelled ones, and scheduled ones still waiting to be logged. Enter opens a visit."
      rowNoun={{ one: 'visit', other: 'visits' }}
      selectable={false}
    />
  );
}

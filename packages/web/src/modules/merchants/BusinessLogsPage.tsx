import { listBusinessLogs } from '@traction/core';
import { ListPage } from '../list/ListPage';

/** What happened to each business and who did it; a row opens the merchant. */
export default function BusinessLogsPage() {
  return (
    <ListPage
      command={listBusinessLogs}
      title="Business Logs"
      description="Sign-ups, fraud marks, trust, wallet and KYC changes, by whom and when. Search by the start of the business name."
      rowNoun={{ one: 'entry', other: 'entries' }}
    />
  );
}

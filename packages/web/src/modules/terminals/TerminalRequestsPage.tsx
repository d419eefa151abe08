import {
  addTerminalRequest,
  listTerminalRequests,
  TERMINAL_REQUEST_SOURCE_WORDS,
  TERMINAL_REQUEST_SOURCES,
  TERMINAL_REQUEST_STATUS_WORDS,
  TERMINAL_REQUEST_STATUSES,
} from '@traction/core';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { queueMemory } from '../review-queue/queueMemory';
import { ReviewQueueNotice } from '../review-queue/ReviewQueueNotice';
import { Button } from '../ui/Button';
import { ShortcutKey } from '../ui/ShortcutKey';
import { LAST_VIEW_KEY, requestViewPath, viewOfPath } from './terminalRequestsQueue';

const STATUS_OPTIONS = TERMINAL_REQUEST_STATUSES.map((status) => ({ value: status, label: TERMINAL_REQUEST_STATUS_WORDS[status] }));
const OPTIONS = {
  source: TERMINAL_REQUEST_SOURCES.map((source) => ({ value: source, label: TERMINAL_REQUEST_SOURCE_WORDS[source] })),
  status: STATUS_OPTIONS,
  changeStatus: STATUS_OPTIONS,
};

/**
 * Terminal Requests, nine views of one list (All, each channel, Loan): requests by when they were
 * raised, status, follow-up, merchant, deployment date and the change log. A row opens the
 * request, where a reviewer approves (a) or declines (d) and the next of the same view opens.
 * New request (n).
 */
export default function TerminalRequestsPage() {
  const { pathname, search } = useLocation();
  const view = viewOfPath(pathname);
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  useEffect(() => {
    queueMemory.remember(requestViewPath(view), search);
    queueMemory.remember(LAST_VIEW_KEY, view.slug);
  }, [view, search]);
  const mayRaise = allowed(addTerminalRequest);
  const raise = () => navigate('/request-terminals');
  useShortcut('n', 'New terminal request', raise, { enabled: mayRaise });
  return (
    <>
      <ReviewQueueNotice />
      <ListPage
        key={view.slug}
        command={listTerminalRequests}
        title={`Terminal Requests: ${view.label}`}
        description="Requests for terminals, newest first. Filter by status, follow-up, merchant, when they were deployed, or which status they entered when."
        rowNoun={{ one: 'request', other: 'requests' }}
        fixed={view.fixed}
        filterOptions={OPTIONS}
        selectable={false}
        actions={
          mayRaise ? (
            <Button variant="primary" onClick={raise}>
              New request <ShortcutKey>n</ShortcutKey>
            </Button>
          ) : null
        }
      />
    </>
  );
}

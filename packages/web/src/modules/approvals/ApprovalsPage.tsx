import { listApprovals } from '@traction/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ListPage } from '../list/ListPage';
import { queueMemory } from '../review-queue/queueMemory';
import { ReviewQueueNotice } from '../review-queue/ReviewQueueNotice';
import { APPROVALS_PATH } from './approvalsQueue';

/**
 * The approvals queue: requests waiting for a second admin (credits and debits today), pending
 * ones oldest first. Enter opens one; deciding it opens the next of this list, with its filters.
 */
export default function ApprovalsPage() {
  const { search } = useLocation();
  useEffect(() => queueMemory.remember(APPROVALS_PATH, search), [search]);
  return (
    <>
      <ReviewQueueNotice />
      <ListPage
        command={listApprovals}
        title="Approvals"
        description="Requests waiting for a second admin: never your own, and the amount decides who may approve (see Approval Policies). Open one with Enter; a decision opens the next."
        rowNoun={{ one: 'request', other: 'requests' }}
        selectable={false}
      />
    </>
  );
}

import { listTerminalRequests, TERMINAL_REQUEST_VIEWS } from '@traction/core';
import type { ReviewQueue } from '../review-queue/ReviewQueue';
import { queueFilters } from '../review-queue/queueFilters';

export type TerminalRequestView = (typeof TERMINAL_REQUEST_VIEWS)[number];
export const requestViewPath = (view: TerminalRequestView) => `/terminal-requests/${view.slug}`;
export const requestPath = (id: number) => `/terminal-request/${id}`;
export const viewOfPath = (path: string): TerminalRequestView =>
  TERMINAL_REQUEST_VIEWS.find((view) => path === requestViewPath(view)) ?? TERMINAL_REQUEST_VIEWS[0];

/** A Terminal Requests view as its list page shows it for `search` (its URL's filters), walked request by request. */
export function terminalRequestsQueue(view: TerminalRequestView, search: string): ReviewQueue {
  return {
    command: listTerminalRequests,
    filters: queueFilters(listTerminalRequests, view.fixed, search),
    listPath: `${requestViewPath(view)}${search}`,
    title: `Terminal Requests: ${view.label}`,
    recordPath: requestPath,
  };
}

/** Where the last Terminal Requests view shown in this tab is remembered (its slug), for the queue a request opened from it walks. */
export const LAST_VIEW_KEY = '/terminal-requests';
export const viewOfSlug = (slug: string | null): TerminalRequestView => TERMINAL_REQUEST_VIEWS.find((view) => view.slug === slug) ?? TERMINAL_REQUEST_VIEWS[0];

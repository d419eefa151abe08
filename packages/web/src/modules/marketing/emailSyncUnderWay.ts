import type { EmailSyncRunRow } from '@traction/core';

/** Whether a run is still under way (queued, pushing, or waiting out the provider), and so watched. */
export const emailSyncUnderWay = (run: EmailSyncRunRow | undefined) => run?.status === 'QUEUED' || run?.status === 'RUNNING' || run?.status === 'WAITING';

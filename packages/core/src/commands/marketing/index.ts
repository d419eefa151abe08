import type { AnyCommand } from '../../command';
import {
  checkEmailSyncUpload,
  emailSyncTemplate,
  getEmailSyncRun,
  listEmailSyncContacts,
  listEmailSyncRuns,
  retryEmailSync,
  startEmailSync,
  uploadEmailSyncContacts,
} from './email-sync';

export * from './email-sync';
export * from './email-sync-schemas';

/** The email-marketing list: contact uploads and the sync of merchant owners. In the order the palette and CLI help list them. */
export const marketingCommands = [
  listEmailSyncRuns,
  getEmailSyncRun,
  listEmailSyncContacts,
  startEmailSync,
  retryEmailSync,
  emailSyncTemplate,
  checkEmailSyncUpload,
  uploadEmailSyncContacts,
] as const satisfies readonly AnyCommand[];

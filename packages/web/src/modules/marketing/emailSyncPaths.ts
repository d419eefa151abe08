/** Where the email-marketing pages live: the spec's page, and ours for a run and the contact upload. */
export const EMAIL_SYNC_PATH = '/sendinblue-email-synch';
export const emailSyncRunPath = (id: number) => `${EMAIL_SYNC_PATH}/${id}`;
export const EMAIL_SYNC_UPLOAD_PATH = '/sendinblue-email-synch-upload';

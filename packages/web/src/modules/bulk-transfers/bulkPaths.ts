/** Where the bulk upload pages live (spec §2). */
export const UPLOAD_PORTAL_PATH = '/upload-portal';
export const ALL_BULK_UPLOADS_PATH = '/all-bulk-upload';
export const bulkStatusPath = (id: number) => `/bulk-status/${id}`;
/** The funds transfers an upload started (the transfers list filtered by its batch). */
export const bulkTransfersPath = (id: number) => `/funds-transfer?batchId=${id}`;
/** The transfers of an upload or sweep held by the fraud rules, to release or block. */
export const heldTransfersPath = (batchId: number) => `/funds-transfer?batchId=${batchId}&status=HELD`;
export const approvalPath = (id: number) => `/approvals/${id}`;

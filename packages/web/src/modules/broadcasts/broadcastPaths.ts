/** Where the broadcast pages live: the spec's portal, and a broadcast's page (the spec's edit page, which also shows its sending). */
export const BROADCASTS_PATH = '/broadcast-portal';
export const broadcastPath = (id: number) => `${BROADCASTS_PATH}/${id}`;

export const NOTIFICATIONS_PATH = '/notifications';
export const NEW_NOTIFICATION_PATH = '/notifications/create';
export const notificationPath = (id: number) => `/notifications/preview/${id}`;

import { dateTimeFormat } from './dateTimeFormat';

/** An ISO time as the console shows it (Lagos, `21 Nov 2026, 10:00`), or — when there is none. */
export const formatDateTime = (iso: string | null) => (iso ? dateTimeFormat.format(new Date(iso)) : '—');

/** Lagos date and time as the console shows it everywhere: `21 Nov 2026, 10:00`. */
export const dateTimeFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' });

import type { RouteEntry } from './routes';

/** Whether an admin holding `permissions` may open a route. */
export const canOpen = (route: RouteEntry, permissions: ReadonlySet<string>) => !route.permission || permissions.has(route.permission);

import { canOpen } from './canOpen';
import { routeOf } from './routes';

/** Whether an admin may open the route a path or template belongs to (unknown paths: no). */
export const canOpenPath = (path: string, permissions: ReadonlySet<string>) => {
  const route = routeOf(path);
  return !!route && canOpen(route, permissions);
};

import type { RequestInfo } from '../handling/handler-context';

/** Values the app's middleware sets on each request. */
export interface AppEnv {
  Variables: {
    request: RequestInfo;
    adminId: number | undefined;
  };
}

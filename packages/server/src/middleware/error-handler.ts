import { ApiError } from '@traction/core';
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/app-env';

/** The one place errors become answers: `{ code, message, details }`, never internals. */
export function errorHandler(deps: AppDeps): ErrorHandler<AppEnv> {
  return (error, c) => {
    const requestId = c.get('request')?.id;
    // An error answer describes one moment (a rate limit, a session just ended): never cached.
    c.header('cache-control', 'no-store');
    if (error instanceof ApiError) {
      if (error.status >= 500) deps.logger.warn({ requestId, err: error.cause ?? error }, error.message);
      const retry = error.details?.retryAfterSeconds;
      if (retry) c.header('retry-after', String(retry));
      return c.json(error.toBody(), error.status as 400);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ code: String(error.status), message: error.message || 'Request refused' }, error.status);
    }
    deps.logger.error({ requestId, err: error }, 'unhandled error');
    return c.json({ code: '500', message: `Something went wrong on our side. Quote request ${requestId} when reporting it.`, details: { requestId } }, 500);
  };
}

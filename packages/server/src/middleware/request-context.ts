import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/app-env';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
const DEVICE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Gives every request an id, reads who is calling from where, and logs one line when it ends. */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header('x-request-id');
    const id = given && REQUEST_ID.test(given) ? given : randomUUID();
    const device = c.req.header('device-id');
    c.set('request', {
      id,
      ip: clientAddress(c, deps.config.trustProxy),
      userAgent: c.req.header('user-agent') ?? '',
      deviceId: device && DEVICE_ID.test(device) ? device : null,
    });
    c.header('x-request-id', id);
    await next();
    const status = c.res.status;
    deps.logger[status >= 500 ? 'error' : 'info'](
      {
        requestId: id,
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        adminId: c.get('adminId'),
      },
      'request',
    );
  };
}

function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests, app.request) have no socket.
    return 'local';
  }
}

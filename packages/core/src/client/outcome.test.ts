import { describe, expect, it } from 'vitest';
import { DEVICE_NOT_RECOGNIZED_MESSAGE } from '../errors';
import { classifyFailure } from './outcome';

describe('the error catalogue of spec §8', () => {
  it.each([
    [401, { code: '401', message: 'Your session has ended.' }, 'session-expired'],
    [200, { code: '401', message: 'legacy backend answers 200 with code 401' }, 'session-expired'],
    [401, { code: '401', message: DEVICE_NOT_RECOGNIZED_MESSAGE }, 'device-not-recognized'],
    [403, { code: '403', message: 'no' }, 'no-permission'],
    [404, { code: '404', message: 'gone' }, 'not-found'],
    [429, { code: '429', message: 'slow down' }, 'rate-limited'],
    [400, { code: '400', message: 'bad' }, 'rejected'],
    [409, { code: '409', message: 'state' }, 'rejected'],
    [500, undefined, 'server-error'],
    [502, { code: '502', message: 'bank down' }, 'server-error'],
    [0, undefined, 'network'],
  ] as const)('HTTP %i with %j is %s', (status, body, kind) => {
    expect(classifyFailure(status, body)).toBe(kind);
  });
});

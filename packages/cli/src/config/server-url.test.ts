import { describe, expect, it } from 'vitest';
import { normaliseServerUrl, sameServer } from './server-url';

describe('server addresses', () => {
  it.each([
    ['HTTP://Admin.Example.COM:443/', 'http://admin.example.com:443'],
    ['https://admin.example.com:443/', 'https://admin.example.com'],
    ['http://localhost:80', 'http://localhost'],
    ['  http://127.0.0.1:8080///  ', 'http://127.0.0.1:8080'],
    ['https://example.com/traction/?x=1#top', 'https://example.com/traction'],
  ])('%j is written %j', (typed, written) => expect(normaliseServerUrl(typed, '--api-url')).toBe(written));

  it.each(['localhost:8080', 'ftp://example.com', 'not a url'])('refuses %j naming where it came from', (typed) => {
    expect(() => normaliseServerUrl(typed, 'TRACTION_API_URL')).toThrow(/^TRACTION_API_URL /);
  });

  it.each([
    ['http://localhost:8080', 'http://127.0.0.1:8080', true],
    ['http://localhost:8080/', 'http://[::1]:8080', true],
    ['http://LOCALHOST:8080', 'http://localhost:8080', true],
    ['https://admin.example.com:443', 'https://ADMIN.example.com/', true],
    ['http://localhost:8080', 'http://localhost:8081', false],
    ['http://localhost:8080', 'https://localhost:8080', false],
    ['http://127.0.0.1:8080', 'http://10.0.0.5:8080', false],
    ['https://admin.example.com', 'https://admin.example.com/v2', false],
  ])('%s and %s are the same server: %s', (a, b, same) => expect(sameServer(a, b)).toBe(same));
});

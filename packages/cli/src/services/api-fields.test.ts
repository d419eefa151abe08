import { registry, type AnyCommand } from '@traction/core';
import { describe, expect, it } from 'vitest';
import { CliError } from '../errors';
import { EXIT } from '../exit-codes';
import { parseFields, parseHeader, queryPairs, typedValue } from './api-fields';
import { fitsTemplate, matchRoute } from './api-route';

const files: Record<string, string> = { 'reason.txt': 'chargebacks\n', '-': 'from stdin' };
const read = async (source: string) => {
  const text = files[source];
  if (text === undefined) throw new Error(`no ${source}`);
  return text;
};
const raw = (...texts: string[]) => texts.map((text) => ({ text, typed: false }));
const typed = (...texts: string[]) => texts.map((text) => ({ text, typed: true }));

describe('-F typing', () => {
  it.each([
    ['true', true],
    ['false', false],
    ['null', null],
    ['42', 42],
    ['-7', -7],
    ['1500.25', 1500.25],
    ['0', 0],
    ['08031234567', '08031234567'],
    ['9007199254740993', '9007199254740993'],
    ['1e3', '1e3'],
    ['True', 'True'],
    ['mama put', 'mama put'],
    ['@reason.txt', 'chargebacks\n'],
    ['@-', 'from stdin'],
  ] as const)('%s → %j', async (text, value) => {
    expect(await typedValue(text, read)).toEqual(value);
  });
});

describe('parseFields', () => {
  it('keeps -f values as strings and types -F values', async () => {
    expect(await parseFields([...raw('role=admin', 'id=7', 'note=a=b'), ...typed('id2=7', 'ok=true')], read)).toEqual({
      role: 'admin',
      id: '7',
      note: 'a=b',
      id2: 7,
      ok: true,
    });
  });

  it('builds lists with key[] and objects with key[sub]', async () => {
    expect(await parseFields(typed('ids[]=1', 'ids[]=2', 'empty[]', 'matching[search]=mama', 'matching[is_fraud]=false'), read)).toEqual({
      ids: [1, 2],
      empty: [],
      matching: { search: 'mama', is_fraud: false },
    });
  });

  it.each([
    [raw('role'), 'expected key=value'],
    [raw('role=a', 'role=b'), 'role is given twice; repeat it as role[]=…'],
    [raw('ids=1', 'ids[]=2'), 'ids is already given as a single value'],
    [raw('a[]x=1'), 'is not a field name'],
    [raw('a[][b]=1'), '[] may only end a field name'],
    [raw('=1'), 'is not a field name'],
  ])('refuses %j (exit 2)', async (fields, message) => {
    const error = await parseFields(fields, read).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT.usage);
    expect((error as CliError).message).toContain(message);
  });
});

describe('queryPairs', () => {
  it('repeats a list key, writes null and an empty list as empty values, and refuses objects', () => {
    expect(queryPairs({ role: 'admin', ids: [1, 2], none: [], nothing: null, page: 2 })).toEqual([
      ['role', 'admin'],
      ['ids', '1'],
      ['ids', '2'],
      ['none', ''],
      ['nothing', ''],
      ['page', '2'],
    ]);
    expect(() => queryPairs({ matching: { search: 'x' } })).toThrow(/cannot go in a query string/);
  });
});

describe('parseHeader', () => {
  it('splits at the first colon and trims', () => {
    expect(parseHeader('Idempotency-Key:  abc:def ')).toEqual(['Idempotency-Key', 'abc:def']);
    expect(() => parseHeader('no colon')).toThrow(/Name: value/);
  });
});

describe('matching the API document', () => {
  const commands = registry as readonly AnyCommand[];

  it.each([
    ['/v1/businesses/{id}/updatefraudstatus', '/v1/businesses/12/updatefraudstatus', true],
    ['/v1/businesses/{id}', '/v1/businesses/', false],
    ['/v1/businesses/', '/v1/businesses', false],
    ['/v1/businesses/', '/v1/businesses/', true],
    ['/v1/admin/list-admins', '/v1/admin/list-admins/', false],
  ])('%s fits %s: %s', (template, path, fits) => {
    expect(fitsTemplate(template, path)).toBe(fits);
  });

  it('prefers fixed segments to parameters, as the server routes', () => {
    const match = matchRoute(commands, 'GET', '/v1/businesses/logs?page=2');
    expect(match).toMatchObject({ found: true, command: { id: 'business-logs.list' } });
    expect(matchRoute(commands, 'GET', '/v1/businesses/12')).toMatchObject({ found: true, command: { id: 'merchants.get' } });
    expect(matchRoute(commands, 'POST', '/v1/businesses/')).toMatchObject({ found: true, command: { id: 'merchants.create' } });
  });

  it('says which methods a path has, and which paths are near a mistyped one', () => {
    expect(matchRoute(commands, 'DELETE', '/v1/admin/list-admins')).toEqual({
      found: false,
      reason: 'method',
      methods: ['GET'],
      paths: ['/v1/admin/list-admins'],
    });
    const near = matchRoute(commands, 'POST', '/v1/businesses/12/updatefraudstatu');
    expect(near).toMatchObject({ found: false, reason: 'path' });
    expect(near.found === false && near.reason === 'path' && near.nearest[0]).toBe('/v1/businesses/{id}/updatefraudstatus');
  });
});

import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineCommand } from '../command';
import { toRequest } from './create-client';

const get = defineCommand({
  id: 'test.get',
  group: 'test',
  action: 'get',
  title: 'Get',
  method: 'GET',
  path: '/v1/things/{id}/parts',
  permission: null,
  input: z.object({ id: z.number(), tags: z.array(z.string()).optional(), page: z.number().optional() }),
  output: z.object({}),
});

const post = defineCommand({
  id: 'test.post',
  group: 'test',
  action: 'post',
  title: 'Post',
  method: 'POST',
  path: '/v1/things/{id}',
  permission: null,
  input: z.object({ id: z.number(), name: z.string(), file: z.instanceof(Blob).optional() }),
  output: z.object({}),
});

describe('toRequest', () => {
  it('puts path parameters in the path and the rest in the query for GET', () => {
    expect(toRequest(get, { id: 7, tags: ['a', 'b'], page: 2, skipped: undefined })).toEqual({
      path: '/v1/things/7/parts',
      query: { tags: 'a,b', page: '2' },
      body: undefined,
    });
  });

  it('sends JSON bodies, and multipart when a file is present', () => {
    expect(toRequest(post, { id: 3, name: 'x' })).toEqual({ path: '/v1/things/3', query: undefined, body: { name: 'x' } });
    const withFile = toRequest(post, { id: 3, name: 'x', file: new Blob(['hello']) });
    expect(withFile.body).toBeInstanceOf(FormData);
    expect((withFile.body as FormData).get('name')).toBe('x');
  });

  it('escapes path parameters', () => {
    expect(toRequest(get, { id: 'a/b' as unknown as number }).path).toBe('/v1/things/a%2Fb/parts');
  });
});

it('refuses a command whose path names a field the input lacks', () => {
  expect(() =>
    defineCommand({
      id: 'bad',
      group: 'x',
      action: 'y',
      title: 'Bad',
      method: 'GET',
      path: '/v1/{missing}',
      permission: null,
      input: z.object({}),
      output: z.object({}),
    }),
  ).toThrow(/path parameter \{missing\}/);
});

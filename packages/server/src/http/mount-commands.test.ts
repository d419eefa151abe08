import { defineCommand } from '@traction/core';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import type { AppEnv } from './app-env';
import { implement } from '../handling/implement';
import { mountCommands } from './mount-commands';

const byId = defineCommand({
  id: 'test.by-id',
  group: 'test',
  action: 'show',
  title: 'By id',
  method: 'GET',
  path: '/v1/things/admin/{id}',
  auth: 'public',
  permission: null,
  input: z.object({ id: z.string().max(50) }),
  output: z.object({ route: z.string(), id: z.string().optional() }),
});

const everything = defineCommand({
  id: 'test.all',
  group: 'test',
  action: 'all',
  title: 'All',
  method: 'GET',
  path: '/v1/things/admin/everything',
  auth: 'public',
  permission: null,
  input: z.object({}),
  output: z.object({ route: z.string(), id: z.string().optional() }),
});

describe('mountCommands', () => {
  it('mounts fixed paths before parameters, whatever the order it is given', async () => {
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set('request', { id: 'r1', ip: '127.0.0.1', userAgent: 'test', deviceId: null });
      await next();
    });
    const deps = { clock: { now: () => new Date('2026-11-21T09:00:00Z') } } as unknown as AppDeps;
    mountCommands(
      app,
      [implement(byId, async ({ input }) => ({ route: 'by-id', id: input.id })), implement(everything, async () => ({ route: 'everything' }))],
      deps,
    );
    expect(await (await app.request('/v1/things/admin/everything')).json()).toEqual({ route: 'everything' });
    expect(await (await app.request('/v1/things/admin/42')).json()).toEqual({ route: 'by-id', id: '42' });
  });
});

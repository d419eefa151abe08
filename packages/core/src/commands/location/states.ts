import { z } from 'zod';
import { defineCommand } from '../../command';

export const listStates = defineCommand({
  id: 'location.states',
  group: 'location',
  action: 'states',
  title: 'List Nigerian states',
  method: 'GET',
  path: '/v1/location/states',
  permission: null,
  input: z.object({}),
  output: z.object({ items: z.array(z.object({ code: z.string(), name: z.string(), capital: z.string() })) }),
});

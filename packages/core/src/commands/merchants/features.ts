import { z } from 'zod';
import { defineCommand } from '../../command';

/** Option lists the apps read by category. Only business types so far. */
export const FEATURE_CATEGORIES = ['BUSINESS_TYPES'] as const;

export const listFeatures = defineCommand({
  id: 'features.list',
  group: 'features',
  action: 'list',
  title: 'List options of a category (business types)',
  description: 'The choices the apps offer for a category, in display order: `BUSINESS_TYPES` are the categories a merchant signs up under.',
  keywords: ['business types', 'categories'],
  method: 'GET',
  path: '/v1/features',
  permission: null,
  input: z.object({ category: z.enum(FEATURE_CATEGORIES) }),
  output: z.object({ items: z.array(z.object({ code: z.string(), label: z.string() })) }),
  example: 'traction features list --category BUSINESS_TYPES',
});

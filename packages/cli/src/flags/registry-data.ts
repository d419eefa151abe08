import { registry, type AnyCommand } from '@traction/core';
import { describeRegistry } from './describe-registry';

/**
 * The registry described as data. Run from the sources (tests, the tsx fallback) it is computed
 * here; bin/build.js replaces this module in the bundle with the same data as a JSON literal,
 * computed at build time, so the bundle's start imports neither zod nor the registry.
 */
export const REGISTRY_DATA = describeRegistry(registry as readonly AnyCommand[]);

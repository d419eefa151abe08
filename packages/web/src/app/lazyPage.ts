import { lazy, type ComponentType } from 'react';
import type { PageLoader } from './pageLoaders';

/** Spec §8/§9: a page part that has not arrived after 120 s is an error. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

const cache = new Map<PageLoader, ComponentType>();

/** A lazily loaded page that gives up after the spec's timeout (the route's error element shows /error). */
export function lazyPage(loader: PageLoader): ComponentType {
  const existing = cache.get(loader);
  if (existing) return existing;
  const component = lazy(() =>
    Promise.race([loader(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('The page took too long to load')), PAGE_LOAD_TIMEOUT_MS))]),
  );
  cache.set(loader, component);
  return component;
}

/** Where a client keeps its token, user and device id: localStorage in the console, a file in the CLI. */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Storage keys shared by the console and the CLI. */
export const STORAGE_KEYS = {
  token: 'traction.token',
  user: 'traction.user',
  business: 'traction.business',
  deviceId: 'traction.deviceId',
} as const;

/** A store that lives as long as the process: for tests and one-off scripts. */
export function memoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const values = new Map(Object.entries(initial));
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  };
}

/**
 * 128 random bits as hex. `crypto.randomUUID` exists only in secure contexts, and the console is
 * also opened over plain HTTP on office networks; `getRandomValues` works everywhere.
 */
export function randomHex(bytes = 16): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Returns the device id kept in the store, creating one the first time (spec §6). */
export function ensureDeviceId(store: KeyValueStore): string {
  const existing = store.get(STORAGE_KEYS.deviceId);
  if (existing) return existing;
  const created = `dev-${randomHex()}`;
  store.set(STORAGE_KEYS.deviceId, created);
  return created;
}

/** Forgets the session but keeps the device id, so the device stays recognised. */
export function clearSession(store: KeyValueStore): void {
  store.remove(STORAGE_KEYS.token);
  store.remove(STORAGE_KEYS.user);
  store.remove(STORAGE_KEYS.business);
}

/**
 * Where uploaded bytes live. The database keeps what a file is (name, type, size, hash); the
 * store keeps the bytes under a random key the server chose, so no name a client sends ever
 * becomes a path. A local folder by default; an object store (S3, GCS) implements the same three calls.
 */
export interface FileStore {
  readonly name: string;
  /** Stores the bytes under a new key; resolves once they are durable. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes stored under the key, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Forgets the key (nothing happens when it is unknown). */
  delete(key: string): Promise<void>;
}

/** Keys are 64 hex characters (256 random bits): safe as file names on every system. */
export const STORAGE_KEY = /^[0-9a-f]{64}$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
}

import { STORAGE_KEYS, type KeyValueStore } from '@traction/core/client';
import type { ConfigFile, Profile } from './config-file';

const PROFILE_FIELDS: Record<string, keyof Pick<Profile, 'token' | 'user' | 'business'>> = {
  [STORAGE_KEYS.token]: 'token',
  [STORAGE_KEYS.user]: 'user',
  [STORAGE_KEYS.business]: 'business',
};

/**
 * The client's key-value store over one profile of the config file. `TRACTION_TOKEN` and
 * `TRACTION_DEVICE_ID` take the place of the stored session and device for jobs that are handed
 * a token; they are never written to the file.
 */
export function profileStore(config: ConfigFile, profileName: string, env: Readonly<Record<string, string | undefined>>): KeyValueStore {
  const profile = () => config.profile(profileName);
  return {
    get(key) {
      if (key === STORAGE_KEYS.token && env.TRACTION_TOKEN) return env.TRACTION_TOKEN;
      if (key === STORAGE_KEYS.deviceId) return env.TRACTION_DEVICE_ID || config.data.deviceId || null;
      const field = PROFILE_FIELDS[key];
      if (field) return profile()[field] ?? null;
      return profile().values?.[key] ?? null;
    },
    set(key, value) {
      if (key === STORAGE_KEYS.deviceId) config.data.deviceId = value;
      else if (PROFILE_FIELDS[key]) profile()[PROFILE_FIELDS[key]] = value;
      else {
        const current = profile();
        current.values ??= {};
        current.values[key] = value;
      }
      config.save();
    },
    remove(key) {
      // A job's TRACTION_TOKEN ending says nothing about the session stored in the file.
      if (env.TRACTION_TOKEN && PROFILE_FIELDS[key]) return;
      if (key === STORAGE_KEYS.deviceId) delete config.data.deviceId;
      else if (PROFILE_FIELDS[key]) delete profile()[PROFILE_FIELDS[key]];
      else if (profile().values) delete profile().values![key];
      config.save();
    },
  };
}

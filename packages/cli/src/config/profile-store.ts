import { randomHex, STORAGE_KEYS, type KeyValueStore } from '@traction/core/client';
import { profileIn, type ConfigData, type ConfigFile, type Profile } from './config-file';

const PROFILE_FIELDS: Record<string, keyof Pick<Profile, 'token' | 'user' | 'business'>> = {
  [STORAGE_KEYS.token]: 'token',
  [STORAGE_KEYS.user]: 'user',
  [STORAGE_KEYS.business]: 'business',
};

function valueIn(data: Readonly<ConfigData>, profileName: string, key: string): string | undefined {
  if (key === STORAGE_KEYS.deviceId) return data.deviceId;
  const profile = data.profiles[profileName];
  const field = PROFILE_FIELDS[key];
  return field ? profile?.[field] : profile?.values?.[key];
}

/**
 * The client's key-value store over one profile of the config file. `TRACTION_TOKEN` and
 * `TRACTION_DEVICE_ID` take the place of the stored session and device for jobs that are handed
 * a token; they are never written to the file.
 *
 * Each change is one `update` of the file: a value set is written over what the file holds now;
 * a value removed is removed only if the file still holds the value this process read, so a
 * process whose session ended does not sign out one that has just signed in again.
 */
export function profileStore(config: ConfigFile, profileName: string, env: Readonly<Record<string, string | undefined>>): KeyValueStore {
  return {
    get(key) {
      if (key === STORAGE_KEYS.token && env.TRACTION_TOKEN) return env.TRACTION_TOKEN;
      if (key === STORAGE_KEYS.deviceId) {
        if (env.TRACTION_DEVICE_ID) return env.TRACTION_DEVICE_ID;
        // Created under the lock, so two first runs at once end up with one device id.
        if (!config.data.deviceId) {
          config.update((data) => {
            data.deviceId ||= `dev-${randomHex()}`;
          });
        }
        return config.data.deviceId ?? null;
      }
      return valueIn(config.data, profileName, key) ?? null;
    },
    set(key, value) {
      config.update((data) => {
        if (key === STORAGE_KEYS.deviceId) {
          // The machine keeps its first device id.
          data.deviceId ||= value;
          return;
        }
        const profile = profileIn(data, profileName);
        const field = PROFILE_FIELDS[key];
        if (field) profile[field] = value;
        else profile.values = { ...profile.values, [key]: value };
      });
    },
    remove(key) {
      // A job's TRACTION_TOKEN ending says nothing about the session stored in the file.
      if (env.TRACTION_TOKEN && PROFILE_FIELDS[key]) return;
      const seen = valueIn(config.data, profileName, key);
      if (seen === undefined) return;
      config.update((data) => {
        if (valueIn(data, profileName, key) !== seen) return;
        if (key === STORAGE_KEYS.deviceId) delete data.deviceId;
        const profile = data.profiles[profileName];
        if (!profile) return;
        const field = PROFILE_FIELDS[key];
        if (field) delete profile[field];
        else delete profile.values?.[key];
      });
    },
  };
}

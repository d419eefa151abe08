import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { STORAGE_KEYS, ensureDeviceId, clearSession } from '@traction/core/client';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigFile, configPath } from './config-file';
import { profileStore } from './profile-store';

const dir = mkdtempSync(join(tmpdir(), 'traction-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('configPath', () => {
  it.each([
    [{ TRACTION_CONFIG: '/etc/traction.json', XDG_CONFIG_HOME: '/x' }, '/etc/traction.json'],
    [{ XDG_CONFIG_HOME: '/x', HOME: '/home/ada' }, '/x/traction/config.json'],
    [{ HOME: '/home/ada' }, '/home/ada/.config/traction/config.json'],
  ])('%j → %s', (env, path) => expect(configPath(env)).toBe(path));
});

describe('the config file', () => {
  it('is written readable only by its owner, in a folder only its owner can open, and leaves no lock behind', () => {
    const path = join(dir, 'a', 'traction', 'config.json');
    const config = ConfigFile.load(path);
    config.update((data) => {
      data.profiles.default = { apiUrl: 'http://localhost:8090' };
    });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'a', 'traction')).mode & 0o777).toBe(0o700);
    expect(ConfigFile.load(path).data.profiles.default?.apiUrl).toBe('http://localhost:8090');
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('applies a change to the file as it is now, not as this process first read it', () => {
    const path = join(dir, 'two.json');
    const first = ConfigFile.load(path);
    const second = ConfigFile.load(path);
    first.update((data) => {
      data.profiles.staging = { apiUrl: 'https://staging.example.com' };
    });
    second.update((data) => {
      data.currentProfile = 'default';
    });
    expect(ConfigFile.load(path).data).toMatchObject({ currentProfile: 'default', profiles: { staging: { apiUrl: 'https://staging.example.com' } } });
    expect(second.data.profiles.staging).toBeDefined();
  });

  it('takes over a lock left by a process that no longer runs, and waits for a live one', () => {
    const path = join(dir, 'locked.json');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(`${path}.lock`, `${dead}@${hostname()}`);
    ConfigFile.load(path).update((data) => {
      data.currentProfile = 'after-crash';
    });
    expect(ConfigFile.load(path).data.currentProfile).toBe('after-crash');

    // This process holds it: a change waits, then gives up naming the lock file.
    writeFileSync(`${path}.lock`, `${process.pid}@${hostname()}`);
    expect(() => ConfigFile.load(path).update(() => {}, { waitMs: 200 })).toThrow(`If none is running, delete ${path}.lock.`);
    rmSync(`${path}.lock`);
  });

  it('tightens a file someone made readable to others', () => {
    const path = join(dir, 'loose.json');
    writeFileSync(path, '{"version":1,"profiles":{}}');
    chmodSync(path, 0o644);
    ConfigFile.load(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});

describe('profileStore', () => {
  it('keeps one device id for every profile, created once', () => {
    const config = ConfigFile.load(join(dir, 'device.json'));
    const first = ensureDeviceId(profileStore(config, 'default', {}));
    expect(ensureDeviceId(profileStore(config, 'staging', {}))).toBe(first);
    expect(ConfigFile.load(join(dir, 'device.json')).data.deviceId).toBe(first);
  });

  it('keeps sessions per profile and forgets them without losing the device', () => {
    const config = ConfigFile.load(join(dir, 'sessions.json'));
    const staging = profileStore(config, 'staging', {});
    staging.set(STORAGE_KEYS.token, 'tra_staging');
    expect(profileStore(config, 'default', {}).get(STORAGE_KEYS.token)).toBeNull();
    ensureDeviceId(staging);
    clearSession(staging);
    expect(staging.get(STORAGE_KEYS.token)).toBeNull();
    expect(staging.get(STORAGE_KEYS.deviceId)).toMatch(/^dev-/);
  });

  it('lets TRACTION_TOKEN and TRACTION_DEVICE_ID stand in without writing them or clearing the stored session', () => {
    const config = ConfigFile.load(join(dir, 'env.json'));
    profileStore(config, 'default', {}).set(STORAGE_KEYS.token, 'tra_stored');
    const job = profileStore(config, 'default', { TRACTION_TOKEN: 'tra_job', TRACTION_DEVICE_ID: 'dev-job-box' });
    expect(job.get(STORAGE_KEYS.token)).toBe('tra_job');
    expect(job.get(STORAGE_KEYS.deviceId)).toBe('dev-job-box');
    clearSession(job);
    expect(ConfigFile.load(join(dir, 'env.json')).data.profiles.default?.token).toBe('tra_stored');
  });
});

import { ConfigFile, configPath, profileIn, type ConfigData } from '../config/config-file';
import { DEFAULT_PROFILE, profileNames } from '../config/profile-names';
import { normaliseServerUrl } from '../config/server-url';
import { DEFAULT_API_URL } from '../defaults';
import { usageError } from '../errors';
import { note, type Io } from '../io';
import { chooseFormat, withSink, writeRows } from '../output/emit';
import { endSession, openSession, type GlobalOptions } from './session';

const known = (data: Readonly<ConfigData>) => profileNames(data).join(', ');

function signedInAs(user: string | undefined, token: string | undefined): string {
  if (!token || !user) return '';
  try {
    return (JSON.parse(user) as { email?: string }).email ?? '';
  } catch {
    return '';
  }
}

/** `traction profiles`: each profile, its server, who is signed in; the current one starred. */
export async function listProfiles(io: Io, globals: GlobalOptions): Promise<void> {
  const config = ConfigFile.load(configPath(io.env));
  const current = config.data.currentProfile ?? DEFAULT_PROFILE;
  const rows = profileNames(config.data).map((name) => {
    const profile = config.data.profiles[name] ?? {};
    return { current: name === current ? '*' : '', name, apiUrl: profile.apiUrl ?? DEFAULT_API_URL, signedInAs: signedInAs(profile.user, profile.token) };
  });
  const columns = [
    { key: 'current', label: '', kind: 'text' as const },
    { key: 'name', label: 'Profile', kind: 'text' as const },
    { key: 'apiUrl', label: 'Server', kind: 'text' as const },
    { key: 'signedInAs', label: 'Signed in as', kind: 'email' as const },
  ];
  await withSink(io, globals.out, (sink) => writeRows(io, sink, chooseFormat(io, globals), { columns, rows, footer: `Config: ${config.path}` }));
}

/**
 * `traction profiles use NAME [--api-url URL]`: makes a profile the default. A name the file
 * does not know is a typo unless `--api-url` says which server the new profile is for.
 */
export function useProfile(io: Io, name: string, globals: GlobalOptions): void {
  const config = ConfigFile.load(configPath(io.env));
  const exists = name === DEFAULT_PROFILE || name in config.data.profiles;
  if (!exists && !globals.apiUrl) {
    throw usageError(
      `There is no profile "${name}". Profiles: ${known(config.data)}.\n` +
        `To make one, name its server: \`traction profiles use ${name} --api-url https://…\` (or sign in with \`traction login --profile ${name} --api-url https://…\`).`,
    );
  }
  const apiUrl = globals.apiUrl ? normaliseServerUrl(globals.apiUrl, '--api-url') : undefined;
  config.update((data) => {
    if (apiUrl) profileIn(data, name).apiUrl = apiUrl;
    data.currentProfile = name;
  });
  io.stdout.write(`Profile "${name}" (${config.data.profiles[name]?.apiUrl ?? DEFAULT_API_URL}) is now the default.\n`);
}

/**
 * `traction profiles delete NAME`: signs its session out on its server (so the token does not
 * outlive the profile), then removes it. An unreachable server does not stop the deletion: the
 * session then ends by itself when it expires, and the note says so.
 */
export async function deleteProfile(io: Io, name: string): Promise<void> {
  const config = ConfigFile.load(configPath(io.env));
  const profile = config.data.profiles[name];
  if (!profile) throw usageError(`There is no profile "${name}" to delete. Profiles: ${known(config.data)}.`);
  let signedOut = '';
  if (profile.token) {
    // The profile's own session on its own server, whatever a job's environment names.
    const env = { ...io.env, TRACTION_TOKEN: undefined, TRACTION_DEVICE_ID: undefined, TRACTION_API_URL: undefined, TRACTION_PROFILE: undefined };
    const session = openSession({ ...io, env }, { profile: name });
    try {
      if (await endSession(session)) signedOut = ` and signed out of ${session.apiUrl}`;
    } catch (error) {
      note(io, `Could not sign out of ${session.apiUrl} (${(error as Error).message}); the session ends by itself when it expires.`);
    }
  }
  const wasCurrent = config.data.currentProfile === name;
  config.update((data) => {
    delete data.profiles[name];
    if (data.currentProfile === name) delete data.currentProfile;
  });
  io.stdout.write(`Deleted profile "${name}"${signedOut}.${wasCurrent ? ` The default profile is now "${DEFAULT_PROFILE}".` : ''}\n`);
}

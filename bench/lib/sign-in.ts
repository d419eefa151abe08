import type http from 'node:http';
import { json, send } from './http';

/** The device the benchmark signs in from, as the console would describe it. */
export function benchDevice(deviceId: string) {
  return { deviceId, deviceModel: 'Benchmark rig', browserName: 'node', browserVersion: process.versions.node, deviceType: 'browser' as const };
}

export interface Session {
  token: string;
  deviceId: string;
  /** The headers every authenticated call sends. */
  headers: Record<string, string>;
}

interface LoginAnswer {
  code: number | string;
  token?: string;
}

/** POST /v1/auth/admin/login: a token straight away from an approved device, `{code: 'secret'}` from a new one. */
export async function postLogin(agent: http.Agent, base: URL, email: string, password: string, deviceId: string): Promise<LoginAnswer> {
  const answer = await send(agent, new URL('/v1/auth/admin/login', base), {
    method: 'POST',
    body: { email, password, device: benchDevice(deviceId) },
  });
  if (answer.status !== 200) throw new Error(`login: ${answer.status} ${answer.text.slice(0, 200)}`);
  return json<LoginAnswer>(answer, 'login');
}

/**
 * Signs in through the whole flow a new device goes through: password, the 4-character code
 * read from the sandbox mailbox, device login. The device is approved afterwards, so later
 * password sign-ins from it answer with a token directly.
 */
export async function signInNewDevice(agent: http.Agent, base: URL, email: string, password: string, deviceId: string): Promise<Session> {
  const first = await postLogin(agent, base, email, password, deviceId);
  let token = first.token;
  if (first.code !== 200) {
    const mailbox = json<{ items: { kind: string; data?: { code?: string } }[] }>(
      await send(agent, new URL(`/sandbox/mailbox?to=${encodeURIComponent(email)}`, base)),
      'mailbox',
    );
    const code = mailbox.items.find((item) => item.kind === 'device-code')?.data?.code;
    if (!code) throw new Error(`no device code in the sandbox mailbox for ${email}`);
    const second = await send(agent, new URL('/v1/auth/admin/device-login', base), {
      method: 'POST',
      body: { email, code, device: benchDevice(deviceId) },
    });
    if (second.status !== 200) throw new Error(`device login: ${second.status} ${second.text.slice(0, 200)}`);
    token = json<LoginAnswer>(second, 'device login').token;
  }
  if (!token) throw new Error('sign-in answered without a token');
  return { token, deviceId, headers: { authorization: `Bearer ${token}`, 'device-id': deviceId } };
}

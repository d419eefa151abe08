import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specimenCard } from '@traction/server/testing';
import { EXIT } from './exit-codes';
import { cliUser, signIn, startTestServer, type CliUser, type TestServer } from './test/harness';

let server: TestServer;
let user: CliUser;

beforeAll(async () => {
  server = await startTestServer();
  user = cliUser(server.url);
  await signIn(user, server);
});
afterAll(async () => {
  user.remove();
  await server.close();
});

describe('traction uploads', () => {
  it('uploads a document under its own name and downloads the same bytes', async () => {
    const png = specimenCard([0, 135, 81], 64, 40);
    const file = join(user.configDir, 'national-id.png');
    writeFileSync(file, png);
    const created = await user.run(['uploads', 'create', '--input-file', file, '--json']);
    expect(created.code, created.stderr).toBe(EXIT.ok);
    const upload = JSON.parse(created.stdout) as { upload?: { id: number; originalName: string }; id?: number; originalName?: string };
    const info = upload.upload ?? (upload as { id: number; originalName: string });
    expect(info.originalName).toBe('national-id.png');

    const out = join(user.configDir, 'downloaded.png');
    const got = await user.run(['uploads', 'get', '--id', String(info.id), '--out', out]);
    expect(got.code, got.stderr).toBe(EXIT.ok);
    expect(readFileSync(out).equals(png)).toBe(true);
  });

  it('refuses a program dressed up as a picture, naming the file', async () => {
    const file = join(user.configDir, 'holiday.png');
    writeFileSync(file, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]));
    const refused = await user.run(['uploads', 'create', '--input-file', file]);
    expect(refused.code).not.toBe(EXIT.ok);
    expect(refused.stderr).toMatch(/file/i);
  });
});

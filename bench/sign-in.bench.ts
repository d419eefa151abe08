/**
 * Sign-in latency with the production scrypt cost (N = 2^17, r = 8): POST /v1/auth/admin/login
 * from a device that is already approved, so every call checks the password, opens a session and
 * answers with a token. The raw scrypt time beside it shows where the time goes.
 */
import { hashPassword } from '@traction/server/testing';
import { keepAliveAgent } from './lib/http';
import { ms, summarize } from './lib/percentiles';
import { detail, heading, type Figure } from './lib/report';
import { startBenchServer, type DatabaseChoice } from './lib/server';
import { postLogin, signInNewDevice } from './lib/sign-in';

/** The default cost of ServerConfig.scryptLogN; the server is started without overriding it. */
export const PRODUCTION_SCRYPT_LOG_N = 17;

export async function scryptBench(options: { rounds: number }): Promise<Figure> {
  heading(`scrypt: hashPassword at N = 2^${PRODUCTION_SCRYPT_LOG_N}, r = 8, p = 1 (in this process)`);
  await hashPassword('warm-up', PRODUCTION_SCRYPT_LOG_N);
  const times: number[] = [];
  for (let i = 0; i < options.rounds; i++) {
    const started = performance.now();
    await hashPassword(`bench-password-${i}`, PRODUCTION_SCRYPT_LOG_N);
    times.push(performance.now() - started);
  }
  const latency = summarize(times);
  detail('hashes', String(times.length));
  detail('median', ms(latency.median));
  detail('min / max', `${ms(latency.min)} / ${ms(latency.max)}`);
  return { benchmark: `scrypt hash, N=2^${PRODUCTION_SCRYPT_LOG_N}`, database: '-', samples: times.length, latency };
}

export async function signInBench(database: DatabaseChoice, options: { signIns: number; warmUp: number }): Promise<Figure> {
  const server = await startBenchServer({ database });
  const agent = keepAliveAgent(1);
  try {
    heading(`Sign-in: POST /v1/auth/admin/login from an approved device, ${server.label}`);
    if (server.scryptLogN !== PRODUCTION_SCRYPT_LOG_N) {
      throw new Error(`the server runs scrypt at 2^${server.scryptLogN}, not the production 2^${PRODUCTION_SCRYPT_LOG_N}`);
    }
    const deviceId = `bench-sign-in-${Date.now()}`;
    // Approve the device once through the emailed-code flow; later sign-ins get a token directly.
    await signInNewDevice(agent, server.base, server.email, server.password, deviceId);
    const times: number[] = [];
    for (let i = 0; i < options.warmUp + options.signIns; i++) {
      const started = performance.now();
      const answer = await postLogin(agent, server.base, server.email, server.password, deviceId);
      const elapsed = performance.now() - started;
      if (answer.code !== 200 || !answer.token) throw new Error(`sign-in ${i + 1} did not answer with a token: ${JSON.stringify(answer)}`);
      if (i >= options.warmUp) times.push(elapsed);
    }
    const latency = summarize(times);
    detail('server', `${server.base.origin}, scrypt N = 2^${server.scryptLogN}`);
    detail('sign-ins (after warm-up)', `${times.length} (+${options.warmUp})`);
    detail('median', ms(latency.median));
    detail('p95', ms(latency.p95));
    detail('min / max', `${ms(latency.min)} / ${ms(latency.max)}`);
    return { benchmark: `sign-in, scrypt N=2^${server.scryptLogN}`, database: server.label, samples: times.length, latency };
  } finally {
    agent.destroy();
    await server.close();
  }
}

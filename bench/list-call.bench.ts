/**
 * An authenticated list call through the whole middleware stack (request context, security
 * headers, body limit, bearer token + device check, permission, validation, the query, output
 * check): GET /v1/admin/list-admins?page=1, a full page of 100 admins with their departments.
 * First one call at a time, then 32 connections at once.
 */
import { keepAliveAgent, send } from './lib/http';
import { runLoad, runSequential } from './lib/load';
import { ms, summarize } from './lib/percentiles';
import { detail, heading, type Figure } from './lib/report';
import { startBenchServer, type DatabaseChoice } from './lib/server';
import { signInNewDevice } from './lib/sign-in';

const PATH = '/v1/admin/list-admins?page=1';
/** Sign-in is not what is measured here, so the setup sign-in may be cheap. */
const SETUP_SCRYPT_LOG_N = 12;
/** 40 demo admins per unit: 200 admins, so page 1 is a full page of 100. */
const SEED_SCALE = 5;

export interface ListOptions {
  warmUp: number;
  sequential: number;
  concurrency: number;
  durationMs: number;
  maxRequests: number;
}

export async function listCallBench(database: DatabaseChoice, options: ListOptions): Promise<Figure[]> {
  const server = await startBenchServer({ database, scryptLogN: SETUP_SCRYPT_LOG_N, seedScale: SEED_SCALE });
  const agent = keepAliveAgent(1);
  try {
    heading(`List call: GET ${PATH}, ${server.label}`);
    const session = await signInNewDevice(agent, server.base, server.email, server.password, `bench-list-${Date.now()}`);
    const url = new URL(PATH, server.base);
    const call = (over = agent) => send(over, url, { headers: session.headers });

    const first = await call();
    const page = JSON.parse(first.text) as { items?: unknown[]; total?: number };
    detail('server', server.base.origin);
    detail('answer', `${first.status}, ${page.items?.length ?? '?'} rows of ${page.total ?? '?'}, ${first.text.length} bytes`);

    await runSequential(options.warmUp, () => call());
    const sequential = summarize(await runSequential(options.sequential, () => call()));
    detail('sequential calls', `${sequential.count} (+${options.warmUp} warm-up), one keep-alive connection`);
    detail('median', ms(sequential.median));
    detail('p99', ms(sequential.p99));
    detail('min / max', `${ms(sequential.min)} / ${ms(sequential.max)}`);

    const load = await runLoad({ ...options, call: (over) => call(over) });
    detail('concurrent', `${options.concurrency} connections for ${(load.elapsedMs / 1000).toFixed(1)} s`);
    detail('requests', `${load.requests} (${load.ok} ok, ${load.failed} failed)`);
    detail('throughput', `${load.perSecond.toFixed(0)} req/s`);
    detail('latency median / p99', `${ms(load.latency.median)} / ${ms(load.latency.p99)}`);
    if (load.firstFailure) detail('first failure', load.firstFailure);

    return [
      { benchmark: 'list-admins, sequential', database: server.label, samples: sequential.count, latency: sequential },
      {
        benchmark: `list-admins, ${options.concurrency} connections`,
        database: server.label,
        samples: load.ok,
        latency: load.latency,
        perSecond: load.perSecond,
      },
    ];
  } finally {
    agent.destroy();
    await server.close();
  }
}

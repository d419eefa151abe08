/**
 * The request pipeline's cost (issue 16): the merchant search (merchants.list, GET
 * /v1/businesses/admin/getallbusinesses?search=…, a name prefix) through the real server
 * (request context, security headers, bearer token + device check, permission, validation, the
 * query and its count, the output check; logging off) against a bare Hono + `pg` server running
 * the same SQL on the same database and answering the same JSON. 32 connections each, side by
 * side in one run, in alternating rounds so that drift on a shared machine hits both; the figure
 * that matters is the ratio of requests per second.
 */
import { isDeepStrictEqual } from 'node:util';
import { buildPath, commandsById } from '@traction/core';
import { startBareServer } from './lib/bare-server';
import { keepAliveAgent, send, type HttpAnswer } from './lib/http';
import { runLoad, type LoadResult } from './lib/load';
import { ms } from './lib/percentiles';
import { detail, heading, type Figure } from './lib/report';
import { startBenchServer, type DatabaseChoice } from './lib/server';
import { signInNewDevice } from './lib/sign-in';
import type http from 'node:http';

export interface PipelineOptions {
  merchants: number;
  concurrency: number;
  /** Each measured round, per server. */
  durationMs: number;
  /** Rounds per server, alternating ours and the bare one. */
  rounds: number;
  warmUpMs: number;
}

/** Name prefixes people type on the Merchants page (as merchants.bench.ts), from many matches to none. */
const SEARCHES = ['Divine', 'Gol', 'Royal Su', 'Chinedu', 'Bright Star', 'Ade', 'Zion', 'Musa Ibrahim', 'Victory', 'Ng', 'Arewa', 'Kemi', 'xyz'];

export async function pipelineBench(database: DatabaseChoice, options: PipelineOptions): Promise<Figure[]> {
  const label = database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  heading(`Request pipeline: merchant search, ${options.concurrency} connections, ${options.merchants.toLocaleString('en')} merchants, ${label}`);
  const command = commandsById.get('merchants.list');
  if (!command) {
    detail('skipped', 'merchants.list is not in the registry');
    return [];
  }
  const server = await startBenchServer({ database, scryptLogN: 12, merchants: options.merchants });
  const bare = server.databaseUrl ? await startBareServer({ databaseUrl: server.databaseUrl, searches: SEARCHES }) : undefined;
  const agent = keepAliveAgent(1);
  try {
    detail('demo data loaded in', `${((server.seedMs ?? 0) / 1000).toFixed(1)} s`);
    const session = await signInNewDevice(agent, server.base, server.email, server.password, `bench-pipeline-${Date.now()}`);
    const ours = SEARCHES.map((search) => new URL(`${buildPath(command, {})}?${new URLSearchParams({ search, page: '1' })}`, server.base));
    const theirs = bare ? SEARCHES.map((search) => new URL(`/merchants?${new URLSearchParams({ search })}`, bare.base)) : [];

    if (bare) {
      // The yardstick is only fair if it answers the same thing.
      const other = keepAliveAgent(1);
      let same = 0;
      for (let i = 0; i < SEARCHES.length; i++) {
        const [a, b] = await Promise.all([send(agent, ours[i]!, { headers: session.headers }), send(other, theirs[i]!)]);
        if (a.status === 200 && b.status === 200 && isDeepStrictEqual(JSON.parse(a.text), JSON.parse(b.text))) same++;
        else detail('different answer', `${SEARCHES[i]}: ours ${a.status} ${a.text.slice(0, 120)} / bare ${b.status} ${b.text.slice(0, 120)}`);
      }
      other.destroy();
      detail('same JSON', `${same} of ${SEARCHES.length} searches`);
    }

    const loadOn = (urls: URL[], headers: Record<string, string>, durationMs: number) => {
      let i = 0;
      return runLoad({
        concurrency: options.concurrency,
        durationMs,
        maxRequests: 10_000_000,
        call: (over: http.Agent): Promise<HttpAnswer> => send(over, urls[i++ % urls.length]!, { headers }),
      });
    };
    await loadOn(ours, session.headers, options.warmUpMs);
    if (bare) await loadOn(theirs, {}, options.warmUpMs);

    const oursRounds: LoadResult[] = [];
    const bareRounds: LoadResult[] = [];
    // Ours, bare, bare, ours, …: a trend in the machine's other work (it is shared) weighs on both alike.
    for (let round = 0; round < options.rounds; round++) {
      const oursFirst = round % 2 === 0;
      if (oursFirst) oursRounds.push(await loadOn(ours, session.headers, options.durationMs));
      if (bare) bareRounds.push(await loadOn(theirs, {}, options.durationMs));
      if (!oursFirst) oursRounds.push(await loadOn(ours, session.headers, options.durationMs));
    }
    const figures: Figure[] = [];
    const report = (name: string, rounds: LoadResult[]) => {
      const ok = rounds.reduce((sum, r) => sum + r.ok, 0);
      const failed = rounds.reduce((sum, r) => sum + r.failed, 0);
      const seconds = rounds.reduce((sum, r) => sum + r.elapsedMs, 0) / 1000;
      const perSecond = ok / seconds;
      const last = rounds.at(-1)!;
      detail(
        name,
        `${perSecond.toFixed(0)} req/s (rounds ${rounds.map((r) => r.perSecond.toFixed(0)).join(', ')}), ${failed} failed, last round median ${ms(last.latency.median)} p99 ${ms(last.latency.p99)}`,
      );
      const firstFailure = rounds.find((r) => r.firstFailure)?.firstFailure;
      if (firstFailure) detail('first failure', firstFailure);
      figures.push({
        benchmark: `merchant search, ${options.concurrency} connections, ${name}`,
        database: label,
        samples: ok,
        latency: last.latency,
        perSecond,
      });
      return perSecond;
    };
    const oursPerSecond = report('ours', oursRounds);
    if (bare) {
      const barePerSecond = report('bare Hono + pg', bareRounds);
      detail('ratio ours / bare', `${(oursPerSecond / barePerSecond).toFixed(2)}× (issue 16 asks at least 0.80×)`);
    } else detail('bare Hono + pg', 'PostgreSQL only (the bare server needs a database a second process can open)');
    return figures;
  } finally {
    agent.destroy();
    await bare?.close();
    await server.close();
  }
}

/**
 * Merchants at scale (issue 5): the real server with 100,000 demo merchants and their KYC
 * records (≈ 475,000), measured over loopback HTTP one call at a time:
 * - merchant search by name prefix and by email prefix (the Merchants page's search box);
 * - a filtered KYC list page (pending documents; and a page deep into all verifications);
 * - a full CSV export of the merchants list: rows per second and the server's memory growth.
 */
import { buildPath, commandsById } from '@traction/core';
import { keepAliveAgent, send } from './lib/http';
import { runSequential } from './lib/load';
import { ms, summarize } from './lib/percentiles';
import { detail, heading, type Figure } from './lib/report';
import { startBenchServer, type DatabaseChoice } from './lib/server';
import { signInNewDevice } from './lib/sign-in';
import http from 'node:http';

export interface MerchantsBenchOptions {
  merchants: number;
  /** Calls per measured query. */
  calls: number;
}

/** Prefixes people type: common words and names of the demo data, and a few that match little. */
const NAME_PREFIXES = [
  'Divine',
  'Gol',
  'Royal Su',
  'Chinedu',
  'Bright Star',
  'Ade',
  'Zion',
  'Musa Ibrahim',
  'Blessed Ha',
  'Victory',
  'Ng',
  'Arewa',
  'Emerald',
  'Kemi',
  'Suc',
  'xyz',
];
const EMAIL_PREFIXES = ['adaeze.', 'musa.bello', 'ngozi.ok', 'tunde.', 'zainab.yusuf1', 'emeka.eze4', 'halima.', 'obinna.ba', 'nobody.here'];

function pathOf(commandId: string, input: Record<string, unknown>): string | undefined {
  const command = commandsById.get(commandId);
  if (!command) return undefined;
  const path = buildPath(command, input);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) if (!command.pathParams.includes(key)) query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export async function merchantsBench(database: DatabaseChoice, options: MerchantsBenchOptions): Promise<Figure[]> {
  heading(`Merchants at scale: ${options.merchants.toLocaleString('en')} merchants, ${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`);
  const server = await startBenchServer({ database, scryptLogN: 12, merchants: options.merchants });
  const agent = keepAliveAgent(1);
  const figures: Figure[] = [];
  try {
    detail('demo data loaded in', `${((server.seedMs ?? 0) / 1000).toFixed(1)} s`);
    const session = await signInNewDevice(agent, server.base, server.email, server.password, `bench-merchants-${Date.now()}`);
    const get = (path: string) => send(agent, new URL(path, server.base), { headers: session.headers });

    const measure = async (label: string, paths: readonly string[]) => {
      let i = 0;
      let rows = 0;
      const next = async () => {
        const answer = await get(paths[i++ % paths.length]!);
        if (answer.status !== 200) throw new Error(`${label}: ${answer.status} ${answer.text.slice(0, 200)}`);
        rows += (JSON.parse(answer.text) as { items: unknown[] }).items.length;
        return answer;
      };
      await runSequential(Math.min(20, options.calls), next);
      rows = 0;
      const summary = summarize(await runSequential(options.calls, next));
      detail(label, `median ${ms(summary.median)}, p95 ${ms(summary.p95)}, ${(rows / summary.count).toFixed(1)} rows per answer`);
      figures.push({ benchmark: label, database: server.label, samples: summary.count, latency: summary });
    };

    const byName = NAME_PREFIXES.map((search) => pathOf('merchants.list', { search, page: 1 }));
    const byEmail = EMAIL_PREFIXES.map((search) => pathOf('merchants.list', { search, page: 1 }));
    const kycPending = pathOf('kyc.list', { verificationType: 'DOCUMENT', status: 'PENDING', page: 1 });
    const kycDeep = pathOf('kyc.list', { status: 'ALL', page: 50 });
    if (byName.some((path) => !path) || !kycPending || !kycDeep) {
      detail('skipped', 'merchants.list or kyc.list is not in the registry');
      return figures;
    }
    await measure('merchant search, name prefix', byName as string[]);
    await measure('merchant search, email prefix', byEmail as string[]);
    await measure('KYC list, pending documents, page 1', [kycPending]);
    await measure('KYC list, all, page 50', [kycDeep]);
    await exportCsv(server, session.headers, pathOf('merchants.list', { download: 'csv' })!);
    return figures;
  } finally {
    agent.destroy();
    await server.close();
  }

  async function exportCsv(bench: Awaited<ReturnType<typeof startBenchServer>>, headers: Record<string, string>, path: string) {
    const before = await bench.memory();
    bench.resetPeak();
    const started = performance.now();
    let bytes = 0;
    let lines = 0;
    await new Promise<void>((resolve, reject) => {
      const request = http.request(new URL(path, bench.base), { headers }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`CSV export answered ${response.statusCode}`));
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
        });
        response.on('end', resolve);
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
    const seconds = (performance.now() - started) / 1000;
    const peak = (await bench.memory()).peakRss;
    const rows = lines - 1;
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    detail(
      'CSV export of every merchant',
      `${rows.toLocaleString('en')} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds).toLocaleString('en')} rows/s`,
    );
    detail('server memory during export', `rss ${mb(before.rss)} before, peak ${mb(peak)} (+${mb(peak - before.rss)})`);
    figures.push({
      benchmark: `merchants CSV export (${Math.round(rows / seconds).toLocaleString('en')} rows/s, server +${mb(peak - before.rss)})`,
      database: bench.label,
      samples: 1,
      latency: summarize([seconds * 1000]),
    });
  }
}

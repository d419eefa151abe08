import type http from 'node:http';
import { keepAliveAgent, type HttpAnswer } from './http';
import { summarize, type Summary } from './percentiles';

export interface LoadOptions {
  /** Requests in flight at once, each worker on its own keep-alive connection. */
  concurrency: number;
  /** Stop starting requests after this long… */
  durationMs: number;
  /** …or after this many, whichever comes first. */
  maxRequests: number;
  /** Sends one request over the given agent. */
  call: (agent: http.Agent) => Promise<HttpAnswer>;
  /** The status that counts as success (default 200). */
  expectStatus?: number;
}

export interface LoadResult {
  requests: number;
  ok: number;
  failed: number;
  elapsedMs: number;
  perSecond: number;
  latency: Summary;
  firstFailure?: string;
}

/**
 * A closed-loop load generator: `concurrency` workers each send a request, wait for the whole
 * answer, and send the next, until the time or the request budget runs out. Throughput is
 * successful answers per second of wall time.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = keepAliveAgent(options.concurrency);
  const expected = options.expectStatus ?? 200;
  const latencies: number[] = [];
  let started = 0;
  let ok = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const begin = performance.now();
  const deadline = begin + options.durationMs;

  async function worker(): Promise<void> {
    while (started < options.maxRequests && performance.now() < deadline) {
      started++;
      const sent = performance.now();
      try {
        const answer = await options.call(agent);
        latencies.push(performance.now() - sent);
        if (answer.status === expected) ok++;
        else {
          failed++;
          firstFailure ??= `${answer.status} ${answer.text.slice(0, 200)}`;
        }
      } catch (error) {
        failed++;
        firstFailure ??= String(error);
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  const elapsedMs = performance.now() - begin;
  return {
    requests: started,
    ok,
    failed,
    elapsedMs,
    perSecond: (ok / elapsedMs) * 1000,
    latency: summarize(latencies),
    ...(firstFailure ? { firstFailure } : {}),
  };
}

/** Sends `count` requests one after another and returns each one's latency in milliseconds. */
export async function runSequential(count: number, call: () => Promise<HttpAnswer>, expectStatus = 200): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const sent = performance.now();
    const answer = await call();
    latencies.push(performance.now() - sent);
    if (answer.status !== expectStatus) throw new Error(`request ${i + 1} of ${count}: ${answer.status} ${answer.text.slice(0, 200)}`);
  }
  return latencies;
}

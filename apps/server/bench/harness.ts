// The load driver and the bare baseline every figure is measured against.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';

export const run = promisify(execFile);
export const HERE = import.meta.dirname;
const TSX = path.resolve(HERE, '../../../node_modules/.bin/tsx');
const DURATION = process.env.BENCH_DURATION ?? '10';

export interface LoadResult {
  rate: number;
  requests: number;
  achievedRate: number;
  errors: number;
  statusErrors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export async function load(
  urls: string[],
  rate: number,
  cookie: string,
  extra: string[] = [],
  duration = DURATION,
): Promise<LoadResult> {
  const args = ['load.ts', '--rate', String(rate), '--duration', duration, '--cookie', cookie, ...extra];
  for (const url of urls) args.push('--url', url);
  const { stdout } = await run(TSX, args, { cwd: HERE, maxBuffer: 10 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as LoadResult;
}

/** A bare Fastify route per figure, serving the bytes the app answered: the machine's own baseline. */
export async function startBare() {
  const bodies = new Map<string, Buffer>();
  const bare = Fastify({ logger: false });
  bare.get<{ Params: { name: string; index: string } }>('/bare/:name/:index', async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(bodies.get(`${request.params.name}/${request.params.index}`)),
  );
  const address = await bare.listen({ host: '127.0.0.1', port: 0 });
  return {
    bare,
    /** Records what each app URL answers and returns the bare URLs serving the same bytes. */
    async mirror(name: string, urls: string[], cookie: string): Promise<{ urls: string[]; bytes: number }> {
      let bytes = 0;
      const mirrored = await Promise.all(
        urls.map(async (url, index) => {
          const body = Buffer.from(await (await fetch(url, { headers: { cookie } })).arrayBuffer());
          bodies.set(`${name}/${index}`, body);
          bytes += body.length;
          return `${address}/bare/${name}/${index}`;
        }),
      );
      return { urls: mirrored, bytes: Math.round(bytes / urls.length) };
    },
  };
}

export interface Figure {
  app: LoadResult;
  bare: LoadResult;
  bytes: number;
  /** App p99 over bare p99 at the same rate: what the app adds on this machine now. */
  p99Ratio: number;
  /** Requests per second with 16 clients back to back (the maximum), app and bare. */
  appMax?: number;
  bareMax?: number;
  /**
   * Server CPU time per request at that maximum (this process's user + system time over the
   * requests its servers answered), app and bare: unlike throughput, it does not depend on what else
   * the machine runs.
   */
  appCpuUs?: number;
  bareCpuUs?: number;
  sequentialP50?: number;
}

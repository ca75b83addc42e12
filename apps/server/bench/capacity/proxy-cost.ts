/**
 * What the capacity bench's proxy costs per request, apart from everything else (decision 107):
 *
 *   npx tsx bench/capacity/proxy-cost.ts [requests=20000] [connections=16]
 *
 * A small upstream (node:http, keep-alive, 1 KB JSON) runs in a child process; the load comes from
 * another child process over keep-alive connections, as the simulated browsers' pools do; the proxy,
 * each kind in turn (tcp, http), runs here, so this process's CPU time is the proxy's. Printed: CPU
 * microseconds per request and requests a second, beside the upstream reached directly. CPU per
 * request holds on a shared machine; the rates do not.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { type ProxyKind, startProxy } from './proxy';

const REQUESTS = Number(process.argv[2] ?? 20_000);
const CONNECTIONS = Number(process.argv[3] ?? 16);
const role = process.env.PROXY_COST_ROLE;

if (role === 'upstream') {
  const http = await import('node:http');
  const body = JSON.stringify({
    items: Array.from({ length: 20 }, (_, i) => ({ id: i, title: 'x'.repeat(30) })),
  });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as { port: number }).port });
  });
} else if (role === 'client') {
  const { Pool } = await import('undici');
  process.on('message', async ({ port, requests }: { port: number; requests: number }) => {
    const pool = new Pool(`http://127.0.0.1:${port}`, {
      connections: CONNECTIONS,
      localAddress: '127.0.0.9',
    });
    const started = performance.now();
    let left = requests;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (left-- > 0) {
          const response = await pool.request({ path: '/api/notes', method: 'GET' });
          await response.body.text();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await pool.close();
    process.send?.({ seconds });
  });
} else {
  const self = import.meta.filename;
  const spawn = (name: string) =>
    fork(self, [String(REQUESTS), String(CONNECTIONS)], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, PROXY_COST_ROLE: name },
    });
  const upstream = spawn('upstream');
  const upstreamPort = await new Promise<number>((resolve) =>
    upstream.once('message', (m: { port: number }) => resolve(m.port)),
  );
  const client = spawn('client');
  const run = (port: number) =>
    new Promise<number>((resolve) => {
      client.once('message', (m: { seconds: number }) => resolve(m.seconds));
      client.send({ port, requests: REQUESTS });
    });
  console.log(
    `load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}; ${REQUESTS} requests over ${CONNECTIONS} connections`,
  );
  await run(upstreamPort); // warm-up of the upstream and the client
  const direct = await run(upstreamPort);
  console.log(`direct: ${Math.round(REQUESTS / direct)} req/s`);
  for (const kind of ['tcp', 'http', 'tcp', 'http'] as ProxyKind[]) {
    const proxy = await startProxy([upstreamPort, upstreamPort], kind);
    await run(proxy.port);
    const before = process.cpuUsage();
    const seconds = await run(proxy.port);
    const used = process.cpuUsage(before);
    await proxy.close();
    console.log(
      `${kind}: ${Math.round(((used.user + used.system) / REQUESTS) * 10) / 10} µs CPU per request, ` +
        `${Math.round(REQUESTS / seconds)} req/s (load ${os.loadavg()[0]?.toFixed(2)})`,
    );
  }
  upstream.kill();
  client.kill();
  process.exit(0);
}

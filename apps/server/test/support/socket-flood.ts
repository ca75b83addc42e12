/**
 * An attacker in its own process (socket-load.test.ts): `attempts` anonymous WebSocket upgrades,
 * `concurrency` at a time, alternating /api/events and /collab, half with no cookie and half with a
 * forged one. Prints one JSON line: the close codes seen and the time taken.
 * Usage: node --import tsx socket-flood.ts <host:port> <attempts> <concurrency>
 */
import WebSocket from 'ws';

const [host = '', attemptsText = '0', concurrencyText = '1'] = process.argv.slice(2);
const attempts = Number(attemptsText);
const codes: Record<string, number> = {};
let next = 0;

function attempt(index: number): Promise<number> {
  const path = index % 2 ? '/collab' : '/api/events';
  const cookie = index % 4 < 2 ? {} : { cookie: 'notewise.session_token=forged.signature' };
  const socket = new WebSocket(`ws://${host}${path}`, { headers: { origin: `http://${host}`, ...cookie } });
  socket.on('error', () => {});
  return new Promise((resolve) => socket.once('close', (code) => resolve(code)));
}

async function worker() {
  while (next < attempts) {
    const code = await attempt(next++);
    codes[code] = (codes[code] ?? 0) + 1;
  }
}

const started = Date.now();
await Promise.all(Array.from({ length: Number(concurrencyText) }, worker));
console.log(JSON.stringify({ codes, ms: Date.now() - started }));

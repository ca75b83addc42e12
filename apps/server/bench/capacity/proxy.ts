// The proxy in front of two instances (CAPACITY_PROXY), in the bench's own process (run.ts counts its CPU):
// - `tcp` (the default): round-robin per connection, bytes passed through untouched, as nginx's
//   `stream` module or HAProxy's `mode tcp` balance. Each upstream connection is made from the
//   client's own 127.x.y.z address (as nginx's `proxy_bind $remote_addr transparent`), so the
//   instances see every simulated browser's address without trusting a header.
// - `http`: round-robin per request and per WebSocket, a new upstream connection per request, the
//   client's address in X-Forwarded-For (TRUST_PROXY=127.0.0.1). Decision 107 measured it costing
//   more CPU than either instance's event loop has to spare: it is kept to compare with, not to size by.
import http from 'node:http';
import net from 'node:net';

export type ProxyKind = 'tcp' | 'http';

export interface Proxy {
  port: number;
  close: () => Promise<void>;
}

export async function startProxy(targets: number[], kind: ProxyKind = 'tcp'): Promise<Proxy> {
  let next = 0;
  const pick = () => targets[next++ % targets.length] as number;
  const server = kind === 'tcp' ? tcpProxy(pick) : httpProxy(pick);
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Joins two sockets both ways; either one ending or failing ends the other. */
function splice(a: net.Socket, b: net.Socket) {
  a.pipe(b);
  b.pipe(a);
  const end = () => {
    a.destroy();
    b.destroy();
  };
  for (const socket of [a, b]) {
    socket.on('error', end);
    socket.on('close', end);
  }
}

function tcpProxy(pick: () => number) {
  return net.createServer({ noDelay: true }, (client) => {
    const upstream = net.connect({
      port: pick(),
      host: '127.0.0.1',
      localAddress: client.remoteAddress,
      noDelay: true,
    });
    splice(client, upstream);
  });
}

function httpProxy(pick: () => number) {
  // A new connection per request, as nginx's default upstream (HTTP/1.0): reusing an idle one races
  // the instance closing it, which a proxy answers 502.
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const forwarded = (req: http.IncomingMessage) => req.socket.remoteAddress ?? '';

  const server = http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: pick(),
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwarded(req) },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  server.on('upgrade', (req, socket, head) => {
    const upstream = net.connect(pick(), '127.0.0.1');
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (req.rawHeaders[i]?.toLowerCase() === 'x-forwarded-for') continue;
      lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    }
    lines.push(`X-Forwarded-For: ${forwarded(req)}`);
    // Written before the sockets are joined (a socket holds writes until it connects): the request first.
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    splice(socket as net.Socket, upstream);
  });
  server.on('close', () => agent.destroy());
  return server;
}

// The small proxy in front of two instances: round-robin per request and per WebSocket, the client's
// address in X-Forwarded-For (the instances trust it: TRUST_PROXY=127.0.0.1), as nginx would.
import http from 'node:http';
import net from 'node:net';

export async function startProxy(targets: number[]): Promise<{ port: number; close: () => Promise<void> }> {
  // A new connection per request, as nginx's default upstream (HTTP/1.0): reusing an idle one races
  // the instance closing it, which a proxy answers 502.
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  let next = 0;
  const pick = () => targets[next++ % targets.length] as number;
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
    const upstream = net.connect(pick(), '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if (req.rawHeaders[i]?.toLowerCase() === 'x-forwarded-for') continue;
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      lines.push(`X-Forwarded-For: ${forwarded(req)}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
    upstream.on('close', end);
    socket.on('close', end);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedEvent = { receivedAt: number; contentType: string; body: unknown };

/**
 * A tiny Umami-compatible collector: `POST /api/send` stores the JSON body (whatever the
 * content type, as Umami does), `GET /__events` lists them for the tests.
 */
export async function startAnalyticsReceiver(): Promise<{ url: string; close: () => Promise<void> }> {
  const events: ReceivedEvent[] = [];
  const server = http.createServer((req, res) => {
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
      res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    }
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method === 'GET' && req.url === '/__events') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(JSON.stringify(events));
    }
    if (req.method === 'POST' && req.url === '/api/send') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        let body: unknown = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = Buffer.concat(chunks).toString('utf8');
        }
        events.push({ receivedAt: Date.now(), contentType: String(req.headers['content-type'] ?? ''), body });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

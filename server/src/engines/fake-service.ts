// A local stand-in for a remote engine in tests: a real HTTP server on 127.0.0.1:0 that records
// every request (method, path, headers, raw body) and answers with the test's handler, so each
// adapter is checked against the documented protocol over a real socket.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = unknown>(): T;
  /** Parses a multipart/form-data body with the platform's own parser. */
  formData(): Promise<FormData>;
}

export type FakeAnswer = { status?: number; json?: unknown; body?: Buffer | string; contentType?: string; delayMs?: number };

export interface FakeService {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeService(handler: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>): Promise<FakeService> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body,
      json: <T>() => JSON.parse(body.toString('utf8')) as T,
      formData: () => new Response(new Uint8Array(body), { headers: { 'content-type': String(req.headers['content-type']) } }).formData(),
    };
    requests.push(recorded);
    const answer = await handler(recorded);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (res.destroyed) return;
    const payload = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.body ?? '');
    res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? (answer.json !== undefined ? 'application/json' : 'application/octet-stream') });
    res.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

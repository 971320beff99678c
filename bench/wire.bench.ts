// `npm run bench -- wire` (issue 27): bytes on the wire, as the server really sends them, against the
// same answers sent uncompressed (the baseline) in the same run:
// - the JavaScript and CSS that /login loads until it is idle, listed by Debian's chromium, each then
//   fetched with `Accept-Encoding: br, gzip` and with `identity`;
// - a transcript editor's lines answer (getTransResult) for a 5,000-line record, both ways.
// Raw sockets (node:http) are used to fetch, so the bytes counted are the bytes sent, never decoded.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { systemClock } from '../server/src/clock';
import { issueToken } from '../server/src/domain/session/tokens';
import { createUser } from '../server/src/domain/session/users';
import { createRecord } from '../server/src/domain/records/create-record';
import { startTestServer } from '../server/src/testing/start-test-server';
import { launchChromium } from '../tests/e2e/support/browser';

const LINES = 5_000;
const COMPRESSED = 'br, gzip';
const IDENTITY = 'identity';

interface WireAnswer {
  bytes: number;
  encoding: string;
}

/** The body's length as sent (before any decoding) and its content-encoding. */
function fetchRaw(url: string, acceptEncoding: string, headers: Record<string, string> = {}): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': acceptEncoding, ...headers } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * Script and style URLs /login fetches from navigation until its form shows and the network is idle,
 * with the content-encodings chromium itself received for them.
 */
async function loginAssets(baseUrl: string): Promise<{ urls: string[]; browserEncodings: Set<string> }> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const urls = new Set<string>();
    const browserEncodings = new Set<string>();
    page.on('response', (response) => {
      if (!['script', 'stylesheet'].includes(response.request().resourceType())) return;
      urls.add(response.url());
      browserEncodings.add(response.headers()['content-encoding'] ?? 'identity');
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-submit').waitFor();
    await page.waitForLoadState('networkidle');
    return { urls: [...urls], browserEncodings };
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function compare(label: string, compressed: number, identity: number, encodings: Set<string>): string {
  return `${label}: ${kb(compressed)} as sent (${[...encodings].join(', ')}) vs ${kb(identity)} uncompressed: ratio ${(compressed / identity).toFixed(3)}`;
}

async function seedLongTranscript(server: Awaited<ReturnType<typeof startTestServer>>): Promise<{ url: string; token: string }> {
  const user = await createUser(server.app.db, systemClock, { kind: 'email', value: `wire-bench-${Date.now()}@example.com` }, 'bench-password');
  const segments = Array.from({ length: LINES }, (_, index) => ({
    startMs: index * 2000,
    endMs: index * 2000 + 1800,
    speaker: index % 2 ? 'Ann' : 'Bob',
    text: `Line ${index + 1} of the original talk, about the plan for the next quarter and who does what.`,
    translation: `Línea ${index + 1} de la charla original, sobre el plan del próximo trimestre y quién hace qué.`,
  }));
  const record = await createRecord(server.app.db, systemClock, { userId: user.id, showName: 'Long talk', segments, languages: ['en-US'], targetLanguages: ['es-ES'] });
  return { url: `${server.url}/prod-api/speech/audio/transcribe/getTransResult?id=${record.id}`, token: await issueToken(server.app.db, systemClock, user.id) };
}

export const wireBench = {
  title: 'bytes on the wire: /login JavaScript + CSS and a 5,000-line transcript answer, compressed as sent vs uncompressed',
  async run(): Promise<string[]> {
    if (!existsSync('dist/web/index.html')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    const server = await startTestServer();
    try {
      const { urls, browserEncodings } = await loginAssets(server.url);
      let compressed = 0;
      let identity = 0;
      const encodings = new Set<string>();
      const lines: string[] = [];
      for (const url of urls) {
        const sent = await fetchRaw(url, COMPRESSED);
        const plain = await fetchRaw(url, IDENTITY);
        compressed += sent.bytes;
        identity += plain.bytes;
        encodings.add(sent.encoding);
        lines.push(`  ${kb(sent.bytes).padStart(9)} ${sent.encoding.padEnd(8)} of ${kb(plain.bytes).padStart(9)}  ${new URL(url).pathname}`);
      }
      const transcript = await seedLongTranscript(server);
      const auth = { authorization: `Bearer ${transcript.token}` };
      const sentLines = await fetchRaw(transcript.url, COMPRESSED, auth);
      const plainLines = await fetchRaw(transcript.url, IDENTITY, auth);
      return [
        ...lines,
        compare(`/login JS + CSS (${urls.length} files)`, compressed, identity, encodings),
        `  (chromium received them as: ${[...browserEncodings].join(', ')})`,
        compare(`getTransResult, ${LINES.toLocaleString('en-US')} lines`, sentLines.bytes, plainLines.bytes, new Set([sentLines.encoding])),
      ];
    } finally {
      await server.close();
    }
  },
};

// Line preview over a real HTTP connection (issue 25 §3). Fastify's inject() never fires the
// socket events a real server does, so it hid the bug where Node 20's request 'close' (emitted once
// the body is read) aborted every synthesis 2–10 ms in. Here the app listens on a port and is
// called with fetch, several previews alongside other calls; and the abort helper is shown to
// fire only when the caller really leaves before the answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDubTask } from '../testing/dubbing-test-task';
import { useRecordsTestApp } from '../testing/records-test-kit';
import { databaseVariants } from '../testing/database-variants';
import { abortWhenCallerLeaves } from './caller-gone';

const [sqlite] = await databaseVariants();

describe('line preview over HTTP', () => {
  const kit = useRecordsTestApp(sqlite!);
  let base = '';
  beforeAll(async () => {
    await kit.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(kit.app.server.address() as AddressInfo).port}/prod-api`;
  });

  it('answers WAV audio to a real client, also while other previews and calls run', async () => {
    const owner = await kit.signUp();
    const task = await seedDubTask(kit.app.db, kit.clock, { userId: owner.user.id });
    const headers = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' };
    const preview = (text: string) =>
      fetch(`${base}/speech/video/transcribe/previewLine`, {
        method: 'POST', headers, body: JSON.stringify({ id: task.taskId, speakerId: task.speakerIds[0], text, startMs: 0, endMs: 2000 }),
      });
    const page = () =>
      fetch(`${base}/speech/video/transcribe/getFileDataContentPageList`, { method: 'POST', headers, body: JSON.stringify({ id: task.taskId, pageSize: 100 }) });

    const [first, second, lines] = await Promise.all([preview('Buenos días a todos.'), preview('Empecemos.'), page()]);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('audio/wav');
      const wav = Buffer.from(await answer.arrayBuffer());
      expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(wav.length).toBeGreaterThan(10_000);
    }
    expect(((await lines.json()) as { code: number }).code).toBe(200);
  });
});

describe('abortWhenCallerLeaves', () => {
  const serve = (handle: (res: http.ServerResponse, signal: AbortSignal) => void) =>
    new Promise<{ server: http.Server; url: string }>((resolve) => {
      const server = http.createServer((req, res) => {
        const signal = abortWhenCallerLeaves(res);
        req.resume();
        req.on('end', () => handle(res, signal));
      });
      server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }));
    });

  it('stays quiet once the body is read and the answer is sent', async () => {
    let seen: AbortSignal | undefined;
    const { server, url } = await serve((res, signal) => {
      seen = signal;
      setTimeout(() => res.end(signal.aborted ? 'aborted' : 'ok'), 30);
    });
    const answer = await fetch(url, { method: 'POST', body: 'x'.repeat(1000) });
    expect(await answer.text()).toBe('ok');
    await new Promise((r) => setTimeout(r, 20));
    expect(seen?.aborted).toBe(false);
    server.close();
  });

  it('aborts when the caller disconnects before the answer', async () => {
    const aborted = new Promise<boolean>((resolve, reject) => {
      void serve((_res, signal) => {
        signal.addEventListener('abort', () => resolve(true));
        setTimeout(() => reject(new Error('never aborted')), 5000);
      }).then(({ server, url }) => {
        const controller = new AbortController();
        fetch(url, { method: 'POST', body: 'x', signal: controller.signal }).catch(() => undefined);
        setTimeout(() => controller.abort(), 100);
        aborted.finally(() => server.close());
      });
    });
    expect(await aborted).toBe(true);
  });
});

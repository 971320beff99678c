// A 500 MB file through the chunk protocol (uploadInit + 50 multipart uploadBlock calls of 10 MB,
// over real HTTP) against one plain streaming PUT of the same bytes to a route this bench adds to the
// same server instance. The file is a valid wav (48 kHz stereo, 45 minutes of silence: a real header
// over sparse zero bytes), so the chunk path is measured in full — streaming to part offsets,
// ffprobe's content check, the duration limit, the atomic rename and the rows — not just transport.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_CHUNK_BYTES, UPLOAD_MAX_BYTES } from '../src/shared/contract/limits';
import { systemClock } from '../server/src/clock';
import { issueToken } from '../server/src/domain/session/tokens';
import { createUser } from '../server/src/domain/session/users';
import { startTestServer } from '../server/src/testing/start-test-server';

const ROUNDS = 3;
const PLAIN_PATH = '/bench/plain-upload';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A wav header (48 kHz, 2 channels, 16-bit) over `size` bytes, the data left sparse (silence). */
function writeSilentWav(file: string, size: number): void {
  const header = Buffer.alloc(44);
  const rate = 48_000;
  const channels = 2;
  header.write('RIFF', 0);
  header.writeUInt32LE(size - 8, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(size - 44, 40);
  fs.writeFileSync(file, header);
  fs.truncateSync(file, size);
}

/** The baseline: the request body streamed to a file, nothing else. */
function plainRoute(targetDir: string) {
  return async (app: FastifyInstance) => {
    // The app refuses octet-stream bodies (the contract only answers with it); this route alone streams them.
    if (app.hasContentTypeParser('application/octet-stream')) app.removeContentTypeParser('application/octet-stream');
    app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));
    app.put(PLAIN_PATH, async (request) => {
      await pipeline(request.raw, fs.createWriteStream(path.join(targetDir, `plain-${Date.now()}.bin`)));
      return { code: 200 };
    });
  };
}

export const uploadBench = {
  title: `upload of ${UPLOAD_MAX_BYTES / 1024 / 1024} MB: chunk protocol (${UPLOAD_CHUNK_BYTES / 1024 / 1024} MB chunks, content check included) vs one plain streaming PUT to the same server (median of ${ROUNDS})`,
  async run(): Promise<string[]> {
    // Same temp filesystem as DATA_DIR (both under the OS temp directory), so both paths write alike.
    const benchPlainDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-plain-'));
    const bench = await startTestServer({ logLevel: 'silent' }, { extraRoutes: plainRoute(benchPlainDir) });
    const source = path.join(bench.app.services.config.dataDir, 'bench-source.wav');
    try {
      writeSilentWav(source, UPLOAD_MAX_BYTES);
      const user = await createUser(bench.app.db, systemClock, { kind: 'email', value: 'upload@bench.local' }, 'secret123');
      const token = await issueToken(bench.app.db, systemClock, user.id);
      const auth = { authorization: `Bearer ${token}` };

      const plainOnce = async (): Promise<number> => {
        const started = performance.now();
        const response = await fetch(`${bench.url}${PLAIN_PATH}`, {
          method: 'PUT',
          headers: { ...auth, 'content-type': 'application/octet-stream', 'content-length': String(UPLOAD_MAX_BYTES) },
          body: fs.createReadStream(source) as unknown as BodyInit,
          duplex: 'half',
        } as RequestInit);
        await response.text();
        const elapsed = performance.now() - started;
        for (const f of fs.readdirSync(benchPlainDir)) fs.rmSync(path.join(benchPlainDir, f));
        return elapsed;
      };

      const chunkedOnce = async (): Promise<number> => {
        const fd = fs.openSync(source, 'r');
        const started = performance.now();
        const init = (await (
          await fetch(`${bench.url}/prod-api/speech/audio/transcribe/uploadInit`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ oriFileName: 'bench.wav', fileSize: UPLOAD_MAX_BYTES, chunkSize: UPLOAD_CHUNK_BYTES }),
          })
        ).json()) as { code: number; data: { uploadId: string; objectName: string; uploadUrls: string[] } };
        if (init.code !== 200) throw new Error(`uploadInit failed: ${JSON.stringify(init)}`);
        const { uploadId, objectName, uploadUrls } = init.data;
        let id = '';
        for (let i = 0; i < uploadUrls.length; i += 1) {
          const length = Math.min(UPLOAD_CHUNK_BYTES, UPLOAD_MAX_BYTES - i * UPLOAD_CHUNK_BYTES);
          const chunk = Buffer.alloc(length);
          fs.readSync(fd, chunk, 0, length, i * UPLOAD_CHUNK_BYTES);
          const form = new FormData();
          form.append('uploadId', uploadId);
          form.append('objectName', objectName);
          form.append('file', new Blob([chunk]), 'blob');
          form.append('url', uploadUrls[i]!);
          form.append('end', i === uploadUrls.length - 1 ? '1' : '0');
          form.append('oriFileName', 'bench.wav');
          form.append('fileSize', String(UPLOAD_MAX_BYTES));
          const answer = (await (await fetch(`${bench.url}${uploadUrls[i]}`, { method: 'POST', headers: auth, body: form })).json()) as {
            code: number;
            msg: string;
            data: Array<{ id: string }> | null;
          };
          if (answer.code !== 200) throw new Error(`uploadBlock ${i + 1} failed: ${answer.msg}`);
          if (answer.data) id = answer.data[0]!.id;
        }
        const elapsed = performance.now() - started;
        fs.closeSync(fd);
        if (!id) throw new Error('the last chunk did not register the file');
        await fetch(`${bench.url}/prod-api/speech/audio/transcribe/remove`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ ids: [id] }),
        });
        return elapsed;
      };

      const plain: number[] = [];
      const chunked: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        plain.push(await plainOnce());
        chunked.push(await chunkedOnce());
      }
      const plainMs = median(plain);
      const chunkedMs = median(chunked);
      const mbps = (ms: number) => (UPLOAD_MAX_BYTES / 1024 / 1024 / (ms / 1000)).toFixed(0);
      return [
        `plain PUT      ${(plainMs / 1000).toFixed(2)} s (${mbps(plainMs)} MB/s) · rounds ${plain.map((v) => (v / 1000).toFixed(2)).join(', ')}`,
        `chunk protocol ${(chunkedMs / 1000).toFixed(2)} s (${mbps(chunkedMs)} MB/s) · rounds ${chunked.map((v) => (v / 1000).toFixed(2)).join(', ')}`,
        `throughput ratio chunked/plain ${(plainMs / chunkedMs).toFixed(2)} (aim ≥ 0.8)`,
      ];
    } finally {
      await bench.close();
      fs.rmSync(benchPlainDir, { recursive: true, force: true });
    }
  },
};

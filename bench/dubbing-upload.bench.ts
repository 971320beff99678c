// Dub upload (issue 12 benchmark): a 1 GB video sent as the browser does it — @azure/storage-blob's
// BlockBlobClient staging 20 MB blocks 5 at a time, then Put Block List — to the embedded blob
// endpoint, against one plain streaming Put Blob of the same bytes to the same endpoint (same SAS
// check, same store). Throughput ratio block/plain; aim ≥ 0.9.
import fs from 'node:fs';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { containerOf } from '../server/src/domain/storage/blob-store.port';
import { blobClient, stageAndCommit } from '../server/src/storage/blob/sdk-block-upload';
import { startTestServer } from '../server/src/testing/start-test-server';

const SIZE = 1024 ** 3;
const BLOCK = 20 * 1024 ** 2;
const ROUNDS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const dubbingUploadBench = {
  title: `dub upload of ${SIZE / 1024 ** 3} GB to the embedded blob endpoint: SDK blocks (${BLOCK / 1024 ** 2} MB, 5 at a time) vs one plain Put Blob (median of ${ROUNDS})`,
  async run(): Promise<string[]> {
    const bench = await startTestServer({ logLevel: 'silent' });
    const source = `${bench.app.services.config.dataDir}/bench-source.mp4`;
    try {
      // Random bytes, so nothing on the way can shortcut zeros.
      const fd = fs.openSync(source, 'w');
      const pattern = Buffer.alloc(BLOCK);
      for (let i = 0; i < pattern.length; i += 4) pattern.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
      for (let written = 0; written < SIZE; written += BLOCK) fs.writeSync(fd, pattern, 0, Math.min(BLOCK, SIZE - written));
      fs.closeSync(fd);
      const userId = randomUUID();
      const store = bench.app.services.blobStore;
      const sas = await store.sasFor(userId, new Date(Date.now() + 3600_000), bench.url);

      const plainOnce = async (): Promise<number> => {
        const started = performance.now();
        // node:http piping the file (undici's fetch with a stream body is slower than the endpoint).
        const status = await new Promise<number>((resolve, reject) => {
          const request = http.request(
            `${sas.accountUrl}/${sas.containerName}/plain.mp4?${sas.sasToken}`,
            { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob', 'content-length': String(SIZE) } },
            (response) => {
              response.resume();
              response.on('end', () => resolve(response.statusCode ?? 0));
            },
          );
          request.on('error', reject);
          fs.createReadStream(source, { highWaterMark: 1 << 20 }).pipe(request);
        });
        if (status !== 201) throw new Error(`plain Put Blob answered ${status}`);
        const elapsed = performance.now() - started;
        if ((await store.size(containerOf(userId), 'plain.mp4')) !== SIZE) throw new Error('plain Put Blob stored the wrong size');
        await store.delete(containerOf(userId), 'plain.mp4');
        return elapsed;
      };

      const blocksOnce = async (): Promise<number> => {
        const file = fs.openSync(source, 'r');
        const started = performance.now();
        const blocks = Math.ceil(SIZE / BLOCK);
        await stageAndCommit(blobClient(sas, 'blocks.mp4'), blocks, (i) => {
          const length = Math.min(BLOCK, SIZE - i * BLOCK);
          const buffer = Buffer.allocUnsafe(length);
          fs.readSync(file, buffer, 0, length, i * BLOCK);
          return buffer;
        });
        const elapsed = performance.now() - started;
        fs.closeSync(file);
        if ((await store.size(containerOf(userId), 'blocks.mp4')) !== SIZE) throw new Error('block upload stored the wrong size');
        await store.delete(containerOf(userId), 'blocks.mp4');
        return elapsed;
      };

      const plain: number[] = [];
      const blocks: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        plain.push(await plainOnce());
        blocks.push(await blocksOnce());
      }
      const mbps = (ms: number) => (SIZE / 1024 ** 2 / (ms / 1000)).toFixed(0);
      const ratio = median(plain) / median(blocks);
      return [
        `plain Put Blob: ${median(plain).toFixed(0)} ms (${mbps(median(plain))} MB/s)`,
        `SDK block upload: ${median(blocks).toFixed(0)} ms (${mbps(median(blocks))} MB/s)`,
        `throughput ratio block/plain: ${ratio.toFixed(2)} (aim ≥ 0.9) ${ratio >= 0.9 ? 'OK' : 'BELOW AIM'}`,
      ];
    } finally {
      fs.rmSync(source, { force: true });
      await bench.close();
    }
  },
};

// Registering a committed blob on both databases: a real mp4 becomes one dub_files row even under a
// burst of parallel calls, a renamed non-mp4 is refused and deleted, and a blob outside the caller's
// container is refused without being touched.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { systemClock } from '../../clock';
import { AppError } from '../../errors';
import { containerOf } from '../storage/blob-store.port';
import { databaseVariants } from '../../testing/database-variants';
import { uniqueEmail } from '../../testing/inject';
import { createUser } from '../session/users';
import { registerDubUpload } from './uploads-register';

const variants = await databaseVariants();

describe.each(variants)('registerDubUpload on $name', (variant) => {
  it.skipIf(variant.skipReason)('registers once under a burst, refuses a non-mp4 and a foreign blob, leaving storage as it should', async () => {
    const { config, cleanup } = await variant.create();
    const app = await buildApp(config);
    try {
      const file = `${config.dataDir}/talk.mp4`;
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=s=32x24:r=5', '-f', 'lavfi', '-i', 'sine=r=8000', '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file]);
      const store = app.services.blobStore;
      const owner = await createUser(app.db, systemClock, { kind: 'email', value: uniqueEmail('dub') }, 'secret123');
      const other = await createUser(app.db, systemClock, { kind: 'email', value: uniqueEmail('dub') }, 'secret123');
      const put = async (userId: string, blob: string, bytes: Buffer) => {
        await store.putBlock(containerOf(userId), blob, 'AAAA', Readable.from([bytes]), bytes.length);
        await store.commitBlockList(containerOf(userId), blob, ['AAAA']);
        return `http://any.host/blob/parley/${containerOf(userId)}/${blob}`;
      };
      const deps = { db: app.db, clock: systemClock, store };
      const url = await put(owner.id, 'ab-talk.mp4', fs.readFileSync(file));
      const answers = await Promise.all(Array.from({ length: 5 }, () => registerDubUpload(deps, { userId: owner.id, url, oriFileName: 'talk.mp4' })));
      expect(new Set(answers.map((a) => a.id)).size).toBe(1);
      expect(answers[0]!.audioDuration).toBeCloseTo(1, 0);
      const rows = await app.db.selectFrom('dub_files').selectAll().where('user_id', '=', owner.id).execute();
      expect(rows.map((r) => [r.blob_name, Number(r.size_bytes)])).toEqual([['ab-talk.mp4', fs.statSync(file).size]]);

      const fake = await put(owner.id, 'cd-fake.mp4', Buffer.from('not a video at all '.repeat(2000)));
      await expect(registerDubUpload(deps, { userId: owner.id, url: fake, oriFileName: 'fake.mp4' })).rejects.toMatchObject({ messageKey: 'uploads:dubNotMp4' });
      expect(await store.listBlobs(containerOf(owner.id))).toEqual(['ab-talk.mp4']);

      const foreign = await put(other.id, 'ef-theirs.mp4', fs.readFileSync(file));
      const refusal = await registerDubUpload(deps, { userId: owner.id, url: foreign, oriFileName: 'theirs.mp4' }).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).messageKey).toBe('uploads:dubBlobNotYours');
      expect(await store.listBlobs(containerOf(other.id))).toEqual(['ef-theirs.mp4']);
      expect(await app.db.selectFrom('dub_files').selectAll().where('user_id', '=', other.id).execute()).toEqual([]);
    } finally {
      await app.close();
      await cleanup();
    }
  }, 60_000);
});

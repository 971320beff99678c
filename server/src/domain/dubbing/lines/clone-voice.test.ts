// Cloning a dubbing speaker's voice against a local server speaking ElevenLabs' protocol: the
// speaker's clean speech cut from the task's real source is uploaded, the cloned voice becomes the
// speaker's and is spoken by the cloning service; without ELEVENLABS_API_KEY the call is refused
// with a message naming it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineConfig } from '../../../engines/config';
import { startFakeService, type FakeService } from '../../../engines/fake-service';
import { createEngines } from '../../../engines/registry';
import { decodeWav, encodeWav } from '../../../engines/wav';
import { containerOf } from '../../storage/blob-store.port';
import { putFile } from '../../../storage/blob/put-file';
import { seedDubTask } from '../../../testing/dubbing-test-task';
import { useRecordsTestApp } from '../../../testing/records-test-kit';
import { databaseVariants } from '../../../testing/database-variants';
import { cloneSpeakerVoice } from './clone-voice';

const [sqlite] = await databaseVariants();
const PCM = Buffer.from(Int16Array.from({ length: 800 }, (_, i) => Math.round(5000 * Math.sin(i / 4))).buffer);
let service: FakeService;
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-clone-task-'));
  service = await startFakeService((request) =>
    request.path === '/v1/voices/add' ? { json: { voice_id: 'vc-ann' } } : { body: PCM, contentType: 'audio/pcm' },
  );
});
afterAll(async () => {
  await service.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('cloneSpeakerVoice', () => {
  const kit = useRecordsTestApp(sqlite!);

  it('uploads only the speaker\'s clean speech, makes the clone the speaker\'s voice and speaks with it', async () => {
    const owner = await kit.signUp();
    // 8 s source: Ann's lines are a 1000-valued signal, Bob's -2000, so the upload shows whose speech it is.
    const samples = Int16Array.from({ length: 16_000 * 8 }, (_, i) => (i >= 32_000 && i < 64_000 ? -2000 : 1000));
    const source = path.join(dir, 'source.wav');
    await fs.writeFile(source, encodeWav(samples, 16_000));
    const container = containerOf(owner.user.id);
    await putFile(kit.app.services.blobStore, container, 'dub/source.wav', source);
    const task = await seedDubTask(kit.app.db, kit.clock, { userId: owner.user.id, file: { container, blobName: 'dub/source.wav', sizeBytes: 256_044 } });
    const engines = createEngines(loadEngineConfig({ ELEVENLABS_API_KEY: 'xi-test', ELEVENLABS_URL: service.url }));
    const deps = { db: kit.app.db, clock: kit.clock, engines, blobStore: kit.app.services.blobStore };

    const speaker = await cloneSpeakerVoice(deps, owner.user.id, { id: task.taskId, speakerId: task.speakerIds[0]! });
    expect(speaker).toMatchObject({ id: task.speakerIds[0], name: 'Ann', voice: 'elevenlabs:vc-ann' });
    const form = await service.requests.at(-1)!.formData();
    expect(form.get('name')).toBe('Ann');
    const files = form.getAll('files') as File[];
    // Ann speaks 0–2 s and 4.5–6 s (Bob 2–4 s): only the first line is long enough once trimmed.
    expect(files).toHaveLength(1);
    const cut = decodeWav(Buffer.from(await files[0]!.arrayBuffer()));
    expect(cut.samples.length).toBe(16_000 * 1.7);
    expect(cut.samples.every((v) => v === 1000)).toBe(true);
    const stored = await kit.app.db.selectFrom('dub_speakers').selectAll().where('id', '=', task.speakerIds[0]!).executeTakeFirstOrThrow();
    expect(stored.voice).toBe('elevenlabs:vc-ann');

    const spoken = decodeWav(await engines.synthesizerFor('es-ES').synthesize('Hola', { language: 'es-ES', voice: stored.voice }));
    expect(service.requests.at(-1)!.path).toBe('/v1/text-to-speech/vc-ann?output_format=pcm_16000');
    expect(spoken.samples.length).toBe(800);
    await engines.close();
  });

  it('is refused, naming the setting, when no cloning service is configured', async () => {
    const owner = await kit.signUp();
    const task = await seedDubTask(kit.app.db, kit.clock, { userId: owner.user.id });
    expect(await kit.post('/speech/video/transcribe/cloneSpeakerVoice', owner, { id: task.taskId, speakerId: task.speakerIds[0] })).toMatchObject({
      code: 400,
      msg: 'Voice cloning is not set up on this server; set ELEVENLABS_API_KEY',
    });
  });
});

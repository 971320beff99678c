// The voice picker's calls (issue 25 §2) on SQLite and PostgreSQL: the catalogue of a language with
// the voices this server really has (flite's English voices first when installed), a play-sample
// per voice (WAV, made once), and a speaker's chosen voice stored on the task, its pitch matched to
// the speaker, and remembered per speaker name for the user's next task (not another user's).
import { describe, expect, it } from 'vitest';
import { EspeakSynthesizer } from '../engines/espeak-synthesizer';
import { seedDubTask } from '../testing/dubbing-test-task';
import { databaseVariants } from '../testing/database-variants';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';

const variants = await databaseVariants();

describe.each(variants)('dubbing voices on $name', (variant) => {
  const kit = useRecordsTestApp(variant);
  const wavOf = async (owner: TestUser | null, query: Record<string, string>) =>
    kit.app.inject({
      method: 'GET',
      url: `/prod-api/speech/video/transcribe/voiceSample?${new URLSearchParams(query).toString()}`,
      headers: owner ? { authorization: `Bearer ${owner.token}` } : {},
    });

  describe.skipIf(variant.skipReason)('', () => {
    it('lists a language\'s voices with availability, engine and gender; English starts with flite\'s voices', async () => {
      const owner = await kit.signUp();
      const spanish = (await kit.get('/speech/video/transcribe/voiceCatalogue', owner, { lang: 'es-ES' })).data;
      expect(spanish.lang).toBe('es-ES');
      expect(spanish.cloning).toBe(false);
      expect(spanish.voices.map((v: any) => v.id)).toEqual(new EspeakSynthesizer().voices('es-ES').map((v) => v.id));
      expect(spanish.voices[1]).toEqual({ id: 'es+f2', name: 'European Spanish female voice es+f2', engine: 'espeak-ng', servedBy: { id: 'espeak-ng', name: 'eSpeak NG', remote: false }, gender: 'female', available: true, unavailableReason: null });

      const english = (await kit.get('/speech/video/transcribe/voiceCatalogue', owner, { lang: 'en-US' }, 'zh-CN')).data;
      expect(english.voices.slice(0, 4).map((v: any) => [v.id, v.engine, v.available])).toEqual([
        ['flite:slt', 'flite', true],
        ['flite:rms', 'flite', true],
        ['flite:awb', 'flite', true],
        ['flite:kal16', 'flite', true],
      ]);
      expect(english.voices.some((v: any) => v.id === 'en-us+m3' && v.available)).toBe(true);
      expect(english.voices[0].name).toContain('女');

      expect(await kit.get('/speech/video/transcribe/voiceCatalogue', null, { lang: 'es-ES' })).toMatchObject({ code: 401 });
    });

    it('plays a voice\'s sample as WAV, the same bytes the second time, and refuses a voice not offered', async () => {
      const owner = await kit.signUp();
      const first = await wavOf(owner, { lang: 'es-ES', voice: 'es+f4' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('audio/wav');
      expect(first.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(first.rawPayload.length).toBeGreaterThan(20_000);
      const second = await wavOf(owner, { lang: 'es-ES', voice: 'es+f4' });
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      const english = await wavOf(owner, { lang: 'en-US', voice: 'flite:slt' });
      expect(english.statusCode).toBe(200);
      expect(english.rawPayload.readUInt32LE(24)).toBe(16_000);

      expect(await kit.get('/speech/video/transcribe/voiceSample', owner, { lang: 'es-ES', voice: 'flite:slt' })).toMatchObject({
        code: 400,
        msg: 'The voice flite:slt is not offered for es-ES on this server',
      });
      expect(await kit.get('/speech/video/transcribe/voiceSample', null, { lang: 'es-ES', voice: 'es+f4' })).toMatchObject({ code: 401 });
    });

    it('stores a chosen voice with the pitch matched to the speaker, and gives it again to the name in the next task', async () => {
      const owner = await kit.signUp();
      const task = await seedDubTask(kit.app.db, kit.clock, {
        userId: owner.user.id,
        speakers: [
          { name: 'Ann', voice: 'es+f2', pitch: 50, rate: 1, gender: 'female', sourcePitchHz: 240 },
          { name: 'Bob', voice: 'es+m3', pitch: 40, rate: 1, gender: 'male', sourcePitchHz: 100 },
        ],
      });
      const chosen = await kit.post('/speech/video/transcribe/editSpeaker', owner, { id: task.taskId, speakerId: task.speakerIds[0], speakerName: 'Ann', voice: 'es+m1' });
      expect(chosen.code).toBe(200);
      const stored = await kit.app.db.selectFrom('dub_speakers').selectAll().where('id', '=', task.speakerIds[0]!).executeTakeFirstOrThrow();
      expect(stored.voice).toBe('es+m1');
      // es+m1 speaks about 93 Hz at 50: a 240 Hz speaker needs the top of its range.
      expect(stored.pitch).toBeGreaterThan(90);

      const next = await seedDubTask(kit.app.db, kit.clock, {
        userId: owner.user.id,
        speakers: [{ name: 'Speaker 1', voice: 'es+f2', pitch: 50, rate: 1, gender: 'female', sourcePitchHz: 200 }],
      });
      expect((await kit.post('/speech/video/transcribe/editSpeaker', owner, { id: next.taskId, speakerId: next.speakerIds[0], speakerName: ' ann ' })).code).toBe(200);
      expect((await kit.get('/speech/video/transcribe/getSpeakerList', owner, { id: next.taskId })).data.map((s: any) => [s.name, s.voice])).toEqual([['ann', 'es+m1']]);

      const stranger = await kit.signUp('stranger');
      const theirs = await seedDubTask(kit.app.db, kit.clock, { userId: stranger.user.id, speakers: [{ name: 'Speaker 1', voice: 'es+f2', pitch: 50, rate: 1, gender: 'female' }] });
      await kit.post('/speech/video/transcribe/editSpeaker', stranger, { id: theirs.taskId, speakerId: theirs.speakerIds[0], speakerName: 'Ann' });
      expect((await kit.get('/speech/video/transcribe/getSpeakerList', stranger, { id: theirs.taskId })).data[0].voice).toBe('es+f2');
    });
  });
});

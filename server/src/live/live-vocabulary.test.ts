// The vocabulary in a live meeting on real engines (issue 14 §4 and §6): espeak-ng speaks, the
// embedded recogniser (pocketsphinx) gets "Datadog" in its dictionary (issue 26) and the correction pass
// puts back what it still misses; a sensitive word reaches the participant masked while the host and the
// record keep it; a translation term keeps its fixed Spanish translation through apertium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantToUserId } from '../domain/entitlements/grants';
import { memoryVocabularySource } from '../testing/test-vocabulary';
import { SVIP } from '../domain/vouchers/package-types';
import { makeTempDir, readSamples, silence, speak } from '../engines/test-audio';
import { call } from '../testing/inject';
import { concatSamples, feed, framesOf, LiveClient, startLiveServer, type LiveTestServer } from '../testing/live-test-kit';

const libraries: Parameters<typeof memoryVocabularySource>[0] = {};
const source = memoryVocabularySource(libraries);
let server: LiveTestServer;
let samples: Int16Array;

const SENTENCES = ['the datadog alert woke me up at night', 'hello everyone and welcome to the meeting', 'the weather is good today'];

beforeAll(async () => {
  server = await startLiveServer({}, { vocabularySource: source });
  const dir = await makeTempDir();
  const parts: Int16Array[] = [silence(500)];
  for (const [i, sentence] of SENTENCES.entries()) parts.push(await readSamples(await speak(dir, `s${i}`, sentence, { speed: 140 })), silence(1500));
  samples = concatSamples(parts);
});
afterAll(async () => {
  await server?.close();
});

describe('vocabulary in a live meeting on real speech', () => {
  it('corrects the proper word, masks the sensitive word for the participant only, keeps the term’s translation', async () => {
    const owner = await server.signUp();
    await grantToUserId(server.app.db, server.app.services.clock, owner.id, SVIP, 30);
    const stranger = await server.signUp('stranger');
    Object.assign(libraries, {
      properLib: { userId: owner.id, name: 'Vendors', set: { properWords: ['Datadog', 'Grafana'] } },
      sensitiveLib: { userId: owner.id, name: 'Hidden', set: { sensitiveWords: ['weather'] } },
      termLib: { userId: owner.id, name: 'Glossary', set: { terms: [{ original: 'welcome', translation: 'Bienvenida Parley', originalLanguage: 'en-US', translationLanguage: 'es-ES' }] } },
      strangerLib: { userId: stranger.id, name: 'Not yours', set: { sensitiveWords: ['hello'] } },
    });
    const meeting = await server.createMeeting(owner, { translationLanguages: ['es-ES'], documentIds: ['properLib', 'sensitiveLib', 'termLib', 'strangerLib'] });
    // The record shows the libraries in force: the stranger's library is not among them.
    expect(meeting.vocabularies.map((v: { id: string }) => v.id).sort()).toEqual(['properLib', 'sensitiveLib', 'termLib']);

    const guest = await server.visitor();
    const participant = await LiveClient.open(server.wsUrl(meeting.id, guest.token));
    await participant.waitFor((m) => m.type === 'ready');
    participant.send({ type: 'subscribe', translationLanguage: 'es-ES' });
    participant.send({ type: 'resume', lastSeq: 0 });
    const host = await LiveClient.open(server.wsUrl(meeting.id, owner.token));
    await host.waitFor((m) => m.type === 'ready');
    host.send({ type: 'resume', lastSeq: 0 });
    host.send({ type: 'control', action: 'start' });
    await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');

    await feed(host, framesOf(samples), 0, 5, 25);
    const hostFinals = await host.waitForCount((m) => m.type === 'subtitle.final' && m.text && !m.pending, 3, 90_000);
    const seen = await participant.waitForCount((m) => m.type === 'subtitle.final' && m.text && !m.pending, 3, 30_000);
    const hostText = hostFinals.map((f) => f.text).join(' | ');
    const participantText = seen.map((f) => f.text).join(' | ');

    // The proper word, which pocketsphinx's dictionary lacks, is in the final everyone reads.
    expect(hostText).toContain('Datadog');
    expect(participantText).toContain('Datadog');
    // The sensitive word: the host reads it, the participant reads stars, partials included.
    expect(hostText).toMatch(/weather/);
    expect(participantText).not.toMatch(/weather/);
    expect(participantText).toContain('★★★★★★★');
    expect(participant.messages.filter((m) => m.type === 'subtitle.partial').map((m) => m.text).join(' ')).not.toMatch(/weather/);
    // The term: the fixed translation, in both readers' Spanish.
    const meetingFinal = seen.find((f) => /welcome/.test(f.text));
    expect(meetingFinal, participantText).toBeDefined();
    expect(meetingFinal!.translations['es-ES']).toContain('Bienvenida Parley');

    host.send({ type: 'control', action: 'stop' });
    await participant.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');

    // The host's record keeps the original (with the correction), and names the libraries in force.
    const lines = await server.app.db.selectFrom('record_segments').selectAll().where('record_id', '=', meeting.transId).orderBy('position').execute();
    const recordText = lines.map((l) => l.text).join(' ');
    expect(recordText).toContain('Datadog');
    expect(recordText).toMatch(/weather/);
    expect(lines.map((l) => l.translation).join(' ')).toContain('Bienvenida Parley');
    const record = await call(server.app, 'GET', `/speech/audio/transcribe/getTrans?id=${meeting.transId}`, { token: owner.token });
    expect(record.data.vocabularies.map((v: { name: string }) => v.name).sort()).toEqual(['Glossary', 'Hidden', 'Vendors']);

    // The shared transcript after the meeting: masked for a reader, the original for the host.
    const shared = await call(server.app, 'GET', `/speech/meeting/shareRecord?meetingId=${meeting.id}`, { token: guest.token });
    expect(shared.code).toBe(200);
    const sharedText = shared.data.lines.map((l: { text: string }) => l.text).join(' ');
    expect(sharedText).not.toMatch(/weather/);
    expect(sharedText).toContain('★');
    const own = await call(server.app, 'GET', `/speech/meeting/shareRecord?meetingId=${meeting.id}`, { token: owner.token });
    expect(own.data.lines.map((l: { text: string }) => l.text).join(' ')).toMatch(/weather/);
    participant.close();
    host.close();
  }, 150_000);

  it('applies no vocabulary when the owner is not SVIP, and refuses picking libraries', async () => {
    const owner = await server.signUp('plain');
    Object.assign(libraries, { plainLib: { userId: owner.id, name: 'Mine', set: { sensitiveWords: ['weather'] } } });
    const refused = await call(server.app, 'POST', '/speech/meeting/create', {
      token: owner.token,
      body: { recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'], documentIds: ['plainLib'] },
      lang: 'en-US',
    });
    expect(refused.code).toBe(92505003);
    const before = await server.app.db.selectFrom('records').select('id').where('user_id', '=', owner.id).execute();
    expect(before).toEqual([]);
    const vocabulary = await server.app.services.vocabularyInForce.forUpload(owner.id);
    expect(vocabulary).toBeNull();
  });
});

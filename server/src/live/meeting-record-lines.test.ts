// A live meeting's record keeps subtitle-grade lines: a long final (one utterance the recogniser
// did not cut) is stored as several lines of at most 7 s, its translation shared among them, while
// the live transcript keeps the utterance whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer, type LiveTestServer } from '../testing/live-test-kit';

let server: LiveTestServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(async () => {
  await server?.close();
});

describe('meeting record lines', () => {
  it('cuts a 20-second final into lines of at most 7 s, sharing its translation', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner, { translationLanguages: ['es-ES'] });
    const row = (await server.app.services.meetings.find(meeting.id))!;
    const spoken = Array.from({ length: 50 }, (_, i) => ['we', 'should', 'review', 'the', 'plan'][i % 5]!);
    const words = spoken.map((text, i) => ({ text, startMs: 1000 + i * 400, endMs: 1000 + i * 400 + 350 }));
    const text = spoken.join(' ');
    const translation = Array.from({ length: 10 }, () => 'deberíamos revisar el plan').join(' ');
    const segmentId = '00000000-0000-0000-0000-0000000000aa';
    await server.app.services.meetings.appendFinal(
      row,
      { seq: 1, segmentId, lang: 'en-US', startMs: 1000, endMs: words.at(-1)!.endMs, text, translations: { 'es-ES': translation }, translationErrors: {}, words },
      22_000,
    );
    const lines = await server.app.db.selectFrom('record_segments').selectAll().where('record_id', '=', row.record_id!).orderBy('position').execute();
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines[0]!.id).toBe(segmentId);
    expect(lines.map((l) => l.position)).toEqual(lines.map((_, i) => i));
    for (const line of lines) expect(line.end_ms - line.start_ms).toBeLessThanOrEqual(7000);
    expect(lines.map((l) => l.text).join(' ')).toBe(text);
    expect(lines.map((l) => l.translation).join(' ')).toBe(translation);
    expect(lines.every((l) => (l.translation ?? '').length > 0)).toBe(true);
    // Word timings stay with the line they belong to.
    for (const line of lines) {
      const timings = JSON.parse(line.words!) as { startMs: number; endMs: number }[];
      expect(timings[0]!.startMs).toBe(line.start_ms);
      expect(timings.at(-1)!.endMs).toBe(line.end_ms);
    }
    // The live transcript (late joiners) keeps the utterance whole.
    const finals = await server.app.services.meetings.finalsAfter(meeting.id, 0);
    expect(finals.map((f) => f.text)).toEqual([text]);
  });
});

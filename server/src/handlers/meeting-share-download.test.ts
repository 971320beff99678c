// The participants' download page after a meeting (/meetingShareDownload): with the meeting's share
// link (its id) and while sharing is open, anyone reads the ended meeting's transcript in every
// translation language, its summary, exports it and plays/downloads its audio (with Range). Closed
// sharing is refused with a translated answer; the link opens no other meeting's record.
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeetingRow } from '../domain/meetings/meeting-tables';
import { FRAME_BYTES, LiveClient, startLiveServer, type LiveTestServer, type LiveTestUser } from '../testing/live-test-kit';
import { WAV_HEADER_BYTES } from '../live/meeting-audio';
import { call } from '../testing/inject';

let server: LiveTestServer;

beforeAll(async () => {
  server = await startLiveServer();
  server.app.services.liveHub.graces = { hostMs: 50, leaveMs: 50 };
});
afterAll(async () => {
  await server?.close();
});

/** Words of `text` 400 ms apart from `startMs` (300 ms each), as the recogniser times them. */
function timedWords(text: string, startMs: number) {
  return text.split(' ').map((word, i) => ({ text: word, startMs: startMs + i * 400, endMs: startMs + i * 400 + 300 }));
}

const LONG = 'we will review the budget for the third quarter and then decide which projects move forward before the holidays begin';
const SHORT = 'thank you all for coming';

/**
 * An ended meeting (en-US → es-ES, fr-FR) with two finals, the first long enough to be cut into
 * several record lines, and 30 frames of audio. The finals are stored as the hub stores them
 * (appendFinal); the audio goes through the socket so the recording is published as in a meeting.
 */
async function endedMeeting(owner: LiveTestUser, name = 'Quarterly review'): Promise<MeetingRow> {
  const { meetings } = server.app.services;
  const user = await server.app.db.selectFrom('users').selectAll().where('id', '=', owner.id).executeTakeFirstOrThrow();
  const created = await meetings.create(user, { name, recognitionLanguages: ['en-US'], translationLanguages: ['es-ES', 'fr-FR'] }, 'meeting');
  const host = await LiveClient.open(server.wsUrl(created.id, owner.token));
  await host.waitFor((m) => m.type === 'ready');
  host.send({ type: 'resume', lastSeq: 0 });
  await host.waitFor((m) => m.type === 'transcript');
  host.send({ type: 'control', action: 'start' });
  await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
  for (let seq = 0; seq < 30; seq++) host.sendFrame(seq, Buffer.alloc(FRAME_BYTES));
  host.send({ type: 'ping' });
  await host.waitFor((m) => m.type === 'pong');
  const row = (await meetings.find(created.id))!;
  await meetings.appendFinal(
    row,
    {
      seq: 1001,
      segmentId: `${created.id}-u1`,
      lang: 'en-US',
      startMs: 0,
      endMs: 8000,
      text: LONG,
      translations: { 'es-ES': 'revisaremos el presupuesto del tercer trimestre y luego decidiremos qué proyectos avanzan antes de las vacaciones', 'fr-FR': 'nous examinerons le budget du troisième trimestre puis déciderons quels projets avancent avant les vacances' },
      translationErrors: {},
      words: timedWords(LONG, 0),
    },
    8000,
  );
  await meetings.appendFinal(
    row,
    { seq: 1002, segmentId: `${created.id}-u2`, lang: 'en-US', startMs: 9000, endMs: 11000, text: SHORT, translations: { 'es-ES': 'gracias a todos por venir', 'fr-FR': 'merci à tous d’être venus' }, translationErrors: {}, words: timedWords(SHORT, 9000) },
    11000,
  );
  return stopped(host, created.id);
}

/** Stops the meeting from the host's socket and waits for its room's end work (summary kept, seconds charged). */
async function stopped(host: LiveClient, meetingId: string): Promise<MeetingRow> {
  host.send({ type: 'control', action: 'stop' });
  await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
  host.close();
  // The room runs its work in order: a stop of the ended meeting returns once the end's work is done.
  await server.app.services.liveHub.stop(meetingId);
  return (await server.app.services.meetings.find(meetingId))!;
}

const shareRecord = (meetingId: string, token: string | null, lang = 'en-US') =>
  call(server.app, 'GET', `/speech/meeting/shareRecord?meetingId=${meetingId}`, { token, lang });
const raw = (url: string, token: string | null, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `/prod-api${url}`, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
const media = (recordId: string, meetingId: string, extra = '', headers: Record<string, string> = {}) =>
  raw(`/speech/audio/transcribe/media?id=${recordId}&meetingId=${meetingId}${extra}`, null, headers);

describe('meeting share download', () => {
  let owner: LiveTestUser;
  let guest: LiveTestUser;
  let meeting: MeetingRow;

  beforeAll(async () => {
    owner = await server.signUp();
    guest = await server.visitor();
    meeting = await endedMeeting(owner);
  });

  it('lets a share-link holder read the ended meeting: lines in the original and every translation language, audio present', async () => {
    expect(meeting.state).toBe('ended');
    // The live meeting's read still refuses an ended meeting to participants; the download read does not.
    expect((await call(server.app, 'GET', `/speech/meeting/getMeeting?id=${meeting.id}`, { token: guest.token })).code).toBe(410);
    const answer = await shareRecord(meeting.id, guest.token);
    expect(answer.code).toBe(200);
    const record = answer.data;
    expect(record).toMatchObject({ meetingId: meeting.id, transId: meeting.record_id, name: 'Quarterly review', state: 'ended', translationLanguages: ['es-ES', 'fr-FR'], hasAudio: true });
    // The long utterance was cut into several lines; every line carries both languages.
    expect(record.lines.length).toBeGreaterThanOrEqual(3);
    expect(record.lines.map((l: { text: string }) => l.text).join(' ')).toBe(`${LONG} ${SHORT}`);
    for (const line of record.lines) {
      expect(Object.keys(line.translations).sort()).toEqual(['es-ES', 'fr-FR']);
      expect(line.translation).toBe(line.translations['es-ES']);
    }
    // The pieces of an utterance's translation put back together are the whole translation.
    const firstUtterance = record.lines.filter((l: { startMs: number }) => l.startMs < 8000);
    expect(firstUtterance.map((l: { translations: Record<string, string> }) => l.translations['fr-FR']).join(' ')).toBe(
      'nous examinerons le budget du troisième trimestre puis déciderons quels projets avancent avant les vacances',
    );
    expect(record.lines.at(-1).translations).toEqual({ 'es-ES': 'gracias a todos por venir', 'fr-FR': 'merci à tous d’être venus' });
    expect(record.lines[0].words.length).toBeGreaterThan(0);
  });

  it('serves the audio with Range requests and as a download', async () => {
    const recordId = meeting.record_id!;
    const whole = await media(recordId, meeting.id);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.rawPayload.length).toBe(WAV_HEADER_BYTES + 30 * FRAME_BYTES);
    const part = await media(recordId, meeting.id, '', { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 100))).toBe(true);
    const tail = await media(recordId, meeting.id, '', { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(-10))).toBe(true);
    const download = await media(recordId, meeting.id, '&download=1');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment; filename="Quarterly review.wav"');
  });

  it('exports the transcript in every format, with the chosen translation language', async () => {
    const file = (query: string) => raw(`/speech/meeting/shareExport?meetingId=${meeting.id}&${query}`, guest.token);
    const txt = await file('type=txt&msgType=bilingual&lang=fr-FR');
    expect(txt.statusCode).toBe(200);
    expect(txt.headers['content-disposition']).toContain('Quarterly review.txt');
    expect(txt.body).toContain('thank you all for coming');
    expect(txt.body).toContain('merci à tous d’être venus');
    expect(txt.body).not.toContain('gracias');

    const srt = await file('type=srt&msgType=translation');
    expect(srt.statusCode).toBe(200);
    const cues = srt.body.trim().split(/\r?\n\r?\n/);
    expect(cues.length).toBeGreaterThanOrEqual(3);
    cues.forEach((cue, index) => {
      const [number, timing, ...text] = cue.split(/\r?\n/);
      expect(number).toBe(String(index + 1));
      expect(timing).toMatch(/^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/);
      expect(text.join(' ').length).toBeGreaterThan(0);
    });
    expect(srt.body).toContain('gracias a todos por venir');

    const vtt = await file('type=vtt');
    expect(vtt.body.startsWith('WEBVTT')).toBe(true);

    const docx = await file('type=docx&msgType=bilingual&lang=es-ES');
    expect(docx.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(docx.rawPayload);
    const documentXml = await zip.file('word/document.xml')!.async('string');
    expect(documentXml).toContain('thank you all for coming');
    expect(documentXml).toContain('gracias a todos por venir');

    // A language the meeting did not offer is refused, not silently replaced.
    const other = await call(server.app, 'GET', `/speech/meeting/shareExport?meetingId=${meeting.id}&type=txt&lang=de-DE`, { token: guest.token });
    expect(other.code).toBe(422);
  });

  it('keeps the meeting’s summary when it ends: participants read it (as text and as a Word file) without the host asking', async () => {
    // Issue 24: the download page said "The host has not made an AI summary" after the end.
    const read = await shareRecord(meeting.id, guest.token);
    expect(read.data.summary).toMatchObject({ transId: meeting.record_id, state: 'completed', lang: 'en-US' });
    const content: string = read.data.summary.content;
    // Made from the meeting's own words (the record's language), not a translation.
    expect(content).toMatch(/budget|thank you/);
    expect(content).not.toMatch(/presupuesto|gracias|budget du/);
    // The host reads the same stored summary as the record's summary.
    const own = await call(server.app, 'POST', '/ai/ai/queryMediaSummary', { token: owner.token, body: { transId: meeting.record_id } });
    expect(own.data).toMatchObject({ state: 'completed', content });
    const word = await server.app.inject({
      method: 'POST',
      url: '/prod-api/ai/summaryTemplate/download',
      headers: { authorization: `Bearer ${guest.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ transId: meeting.record_id, meetingId: meeting.id }),
    });
    expect(word.statusCode).toBe(200);
    expect(word.rawPayload.subarray(0, 2).toString('ascii')).toBe('PK');
    const documentXml = await (await JSZip.loadAsync(word.rawPayload)).file('word/document.xml')!.async('string');
    expect(documentXml).toContain(content.split(/[.!?]/)[0]!.trim().split(' ').slice(0, 3).join(' '));
    // The same summary as plain text, in the reader's language.
    const text = await server.app.inject({
      method: 'POST',
      url: '/prod-api/ai/summaryTemplate/download',
      headers: { authorization: `Bearer ${guest.token}`, 'content-type': 'application/json', 'accept-language': 'zh-TW' },
      payload: JSON.stringify({ transId: meeting.record_id, meetingId: meeting.id, format: 'txt' }),
    });
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toContain('text/plain');
    expect(text.body).toContain('Quarterly review');
    expect(text.body).toContain(content);
    expect(text.body).toContain('摘要');
  });

  it('ends a meeting without speech with no summary and no error', async () => {
    const { meetings } = server.app.services;
    const user = await server.app.db.selectFrom('users').selectAll().where('id', '=', owner.id).executeTakeFirstOrThrow();
    const created = await meetings.create(user, { name: 'Silent', recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] }, 'meeting');
    const host = await LiveClient.open(server.wsUrl(created.id, owner.token));
    await host.waitFor((m) => m.type === 'ready');
    host.send({ type: 'resume', lastSeq: 0 });
    await host.waitFor((m) => m.type === 'transcript');
    host.send({ type: 'control', action: 'start' });
    await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
    const ended = await stopped(host, created.id);
    expect(ended.state).toBe('ended');
    const read = await shareRecord(created.id, guest.token);
    expect(read.code).toBe(200);
    expect(read.data.summary).toBeNull();
  });

  it('opens no other meeting’s record with this share link', async () => {
    const other = await endedMeeting(owner, 'Other meeting');
    expect((await media(other.record_id!, meeting.id)).json()).toMatchObject({ code: 404 });
    const summary = await call(server.app, 'POST', '/ai/ai/queryMediaSummary', { token: guest.token, body: { transId: other.record_id, meetingId: meeting.id } });
    expect(summary.code).toBe(404);
    // Nor a record by its own id without any share.
    expect((await raw(`/speech/audio/transcribe/media?id=${other.record_id}`, guest.token)).json()).toMatchObject({ code: 404 });
    expect((await shareRecord('00000000-0000-4000-8000-000000000000', guest.token)).code).toBe(404);
  });

  it('refuses every read once the host closes sharing, in the reader’s language; the host still reads', async () => {
    const closing = await endedMeeting(owner, 'Closed later');
    expect((await shareRecord(closing.id, guest.token)).code).toBe(200);
    const edit = await call(server.app, 'POST', '/speech/meeting/edit', { token: owner.token, body: { id: closing.id, shareStatus: '0' } });
    expect(edit.code).toBe(200);

    const english = await shareRecord(closing.id, guest.token);
    expect(english).toMatchObject({ code: 410, msg: 'The host has closed sharing of this meeting: its transcript and recording can no longer be read or downloaded' });
    expect((await shareRecord(closing.id, guest.token, 'zh-TW')).msg).toBe('主持人已關閉此會議的分享，無法再檢視或下載其轉寫和錄音');
    expect((await shareRecord(closing.id, guest.token, 'zh-CN')).msg).toBe('主持人已关闭此会议的分享，无法再查看或下载其转写和录音');
    expect((await media(closing.record_id!, closing.id)).json()).toMatchObject({ code: 410 });
    expect((await call(server.app, 'GET', `/speech/meeting/shareExport?meetingId=${closing.id}&type=txt`, { token: guest.token })).code).toBe(410);
    expect((await call(server.app, 'POST', '/ai/ai/queryMediaSummary', { token: guest.token, body: { transId: closing.record_id, meetingId: closing.id } })).code).toBe(410);

    expect((await shareRecord(closing.id, owner.token)).code).toBe(200);
  });
});

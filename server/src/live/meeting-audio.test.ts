// A meeting's audio becomes its record's media: frames accepted over the socket (not those sent
// while paused, not resends) are kept across a pause, a lost host and a resume, published as one WAV
// when the host is lost and again when the meeting stops, and served by the media endpoint to the
// owner only (as an attachment with download=1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../testing/inject';
import { FRAME_BYTES, LiveClient, startLiveServer, type LiveTestServer } from '../testing/live-test-kit';
import { WAV_HEADER_BYTES, wavHeader } from './meeting-audio';

let server: LiveTestServer;

beforeAll(async () => {
  server = await startLiveServer();
  server.app.services.liveHub.graces = { hostMs: 50, leaveMs: 50 };
});
afterAll(async () => {
  await server?.close();
});

/** A quiet frame whose samples all carry its number, so order and origin show in the file. */
function frame(seq: number): Buffer {
  const pcm = Buffer.alloc(FRAME_BYTES);
  for (let offset = 0; offset < pcm.length; offset += 2) pcm.writeInt16LE(seq, offset);
  return pcm;
}

async function hostSocket(meetingId: string, token: string): Promise<LiveClient> {
  const host = await LiveClient.open(server.wsUrl(meetingId, token));
  await host.waitFor((m) => m.type === 'ready');
  // Stream messages (meeting.state among them) flow once the client has resumed.
  host.send({ type: 'resume', lastSeq: 0 });
  await host.waitFor((m) => m.type === 'transcript');
  return host;
}

async function stateIs(host: LiveClient, state: string, count = 1) {
  await host.waitForCount((m) => m.type === 'meeting.state' && m.state === state, count, 10_000);
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const media = (recordId: string, token: string | null, extra = '') =>
  server.app.inject({ method: 'GET', url: `/prod-api/speech/audio/transcribe/media?id=${recordId}${extra}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

function expectWavOf(payload: Buffer, seqs: number[]) {
  const dataBytes = seqs.length * FRAME_BYTES;
  expect(payload.length).toBe(WAV_HEADER_BYTES + dataBytes);
  expect(payload.subarray(0, WAV_HEADER_BYTES).equals(wavHeader(dataBytes))).toBe(true);
  expect(payload.toString('ascii', 0, 4)).toBe('RIFF');
  expect(payload.readUInt32LE(4)).toBe(36 + dataBytes);
  expect(payload.toString('ascii', 8, 16)).toBe('WAVEfmt ');
  expect(payload.readUInt16LE(20)).toBe(1);
  expect(payload.readUInt16LE(22)).toBe(1);
  expect(payload.readUInt32LE(24)).toBe(16_000);
  expect(payload.readUInt32LE(28)).toBe(32_000);
  expect(payload.readUInt16LE(34)).toBe(16);
  expect(payload.toString('ascii', 36, 40)).toBe('data');
  expect(payload.readUInt32LE(40)).toBe(dataBytes);
  expect(payload.subarray(WAV_HEADER_BYTES).equals(Buffer.concat(seqs.map(frame)))).toBe(true);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('meeting audio', () => {
  it('keeps the accepted frames across pause, host loss and resume as one WAV of the record', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner, { name: 'Réunion "Q3"' });
    const recordId = (await server.app.services.meetings.find(meeting.id))!.record_id!;
    const guest = await server.visitor();
    const participant = await LiveClient.open(server.wsUrl(meeting.id, guest.token));
    await participant.waitFor((m) => m.type === 'ready');

    let host = await hostSocket(meeting.id, owner.token);
    host.send({ type: 'control', action: 'start' });
    await stateIs(host, 'in_progress');
    for (const seq of range(0, 9)) host.sendFrame(seq, frame(seq));
    host.send({ type: 'control', action: 'pause' });
    await stateIs(host, 'paused');
    for (const seq of range(10, 12)) host.sendFrame(seq, frame(seq)); // in flight while paused: dropped
    host.send({ type: 'control', action: 'resume' });
    await stateIs(host, 'in_progress', 2);
    for (const seq of [8, 9]) host.sendFrame(seq, frame(seq)); // resent after a reconnect: ignored
    for (const seq of range(13, 17)) host.sendFrame(seq, frame(seq));
    host.send({ type: 'ping' });
    await host.waitFor((m) => m.type === 'pong');

    // The host goes away: after the grace the meeting is paused and what was recorded is playable.
    host.close();
    await host.waitClosed();
    await until(async () => (await server.app.services.meetings.find(meeting.id))?.state === 'paused');
    const afterLoss = await media(recordId, owner.token);
    expect(afterLoss.statusCode).toBe(200);
    expectWavOf(afterLoss.rawPayload, [...range(0, 9), ...range(13, 17)]);

    host = await hostSocket(meeting.id, owner.token);
    host.send({ type: 'control', action: 'resume' });
    await stateIs(host, 'in_progress');
    for (const seq of range(18, 22)) host.sendFrame(seq, frame(seq));
    host.send({ type: 'control', action: 'stop' });
    await stateIs(host, 'ended');

    const whole = await media(recordId, owner.token);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['content-disposition']).toBeUndefined();
    expectWavOf(whole.rawPayload, [...range(0, 9), ...range(13, 22)]);

    const download = await media(recordId, owner.token, '&download=1');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="R_union _Q3_.wav"; filename*=UTF-8''${encodeURIComponent('Réunion _Q3_.wav')}`,
    );
    expect(download.rawPayload.equals(whole.rawPayload)).toBe(true);

    // The meeting's participant holds no share code of the record: it is not theirs to download.
    const refused = await media(recordId, guest.token, '&download=1');
    expect(refused.json()).toMatchObject({ code: 404 });
    expect((await media(recordId, null)).json()).toMatchObject({ code: 404 });

    // The record lists its audio's duration like an upload would, and no upload is left pending.
    const row = await server.app.db.selectFrom('media_files').selectAll().where('id', '=', recordId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: owner.id, format_name: 'wav', duration_ms: 20 * 40 });
    expect(row.submitted_at).not.toBeNull();
    const latest = await call(server.app, 'GET', '/speech/audio/transcribe/getLatestTrans', { token: owner.token });
    expect(latest.code).toBe(200);
    expect(latest.data?.interruptedUpload ?? null).toBeNull();
    host.close();
    participant.close();
  });

  it('publishes nothing for a meeting stopped before any audio', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner);
    const recordId = (await server.app.services.meetings.find(meeting.id))!.record_id!;
    const host = await hostSocket(meeting.id, owner.token);
    host.send({ type: 'control', action: 'start' });
    await stateIs(host, 'in_progress');
    host.send({ type: 'control', action: 'stop' });
    await stateIs(host, 'ended');
    expect((await media(recordId, owner.token)).json()).toMatchObject({ code: 404 });
    host.close();
  });
});

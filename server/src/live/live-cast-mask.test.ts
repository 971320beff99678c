// Sensitive words (features §6) are masked in everything cast screens and invited participants
// receive — live partials and finals with their translations, the catch-up of a late screen, the
// shared record and its summary — while the host's own view stays unmasked. A cast screen opened
// in the host's own signed-in browser is still a screen: masked, and it never takes the host's seat.
import JSZip from 'jszip';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantToUserId } from '../domain/entitlements/grants';
import { SVIP } from '../domain/vouchers/package-types';
import { memoryVocabularySource } from '../testing/test-vocabulary';
import { call } from '../testing/inject';
import { LiveClient, startLiveServer, type LiveTestServer, type LiveTestUser } from '../testing/live-test-kit';

const libraries: Parameters<typeof memoryVocabularySource>[0] = {};
let server: LiveTestServer;
beforeAll(async () => {
  server = await startLiveServer({}, { vocabularySource: memoryVocabularySource(libraries) });
});
afterAll(async () => server?.close());

const post = (token: string, path: string, body: unknown) => call(server.app, 'POST', path, { token, body, lang: 'en-US' });
const textsOf = (client: LiveClient, type: string) =>
  client.messages
    .filter((m) => m.type === type)
    .map((m) => [m.text, ...Object.values((m.translations ?? {}) as Record<string, string>)].join(' | '))
    .join(' || ');

/** The Word file's text runs, joined (enough to see what words it carries). */
async function docxText(body: Buffer): Promise<string> {
  const xml = (await (await JSZip.loadAsync(body)).file('word/document.xml')?.async('string')) ?? '';
  return [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(' ');
}

async function reader(meetingId: string, token: string, extra: Record<string, string> = {}) {
  const client = await LiveClient.open(server.wsUrl(meetingId, token, extra));
  const ready = await client.waitFor((m) => m.type === 'ready');
  client.send({ type: 'resume', lastSeq: 0 });
  return { client, ready };
}

describe('sensitive words on cast screens and invitations', () => {
  let owner: LiveTestUser;
  let meeting: { id: string; transId: string };
  let inviteCode = '';
  let castCode = '';

  it('masks live lines for the invited, for screens (also one in the host’s browser); the host reads them', async () => {
    owner = await server.signUp();
    await grantToUserId(server.app.db, server.app.services.clock, owner.id, SVIP, 30);
    libraries.hidden = { userId: owner.id, name: 'Hidden', set: { sensitiveWords: ['weather', 'Project Falcon'] } };
    meeting = await server.createMeeting(owner, { name: 'Project Falcon sync', translationLanguages: ['es-ES'], documentIds: ['hidden'] });
    const invited = await post(owner.token, '/speech/meeting/invite', { meetingId: meeting.id, expiry: '24h' });
    inviteCode = new URL(invited.data.invitation.url, 'http://x').searchParams.get('invite') ?? '';
    castCode = (await post(owner.token, '/speech/meeting/createScreenCode', { meetingId: meeting.id })).data.code;

    const host = await reader(meeting.id, owner.token);
    expect(host.ready).toMatchObject({ role: 'host' });
    const guest = await server.visitor();
    const invitee = await reader(meeting.id, guest.token, { invite: inviteCode, name: 'Mei' });
    invitee.client.send({ type: 'subscribe', translationLanguage: 'es-ES' });
    const tv = await server.visitor();
    const screen = await reader(meeting.id, tv.token, { screen: castCode });
    // The projector's browser is signed in as the host: it must still read as a screen.
    const ownScreen = await reader(meeting.id, owner.token, { screen: castCode });
    expect(ownScreen.ready).toMatchObject({ role: 'participant' });

    const hub = server.app.services.liveHub;
    const line = { segmentId: 'seg-1', startMs: 0, endMs: 1200, lang: 'en-US' };
    await hub.publish(meeting.id, { type: 'subtitle.partial', ...line, text: 'the weather for project falcon' });
    await hub.publish(meeting.id, {
      type: 'subtitle.final',
      ...line,
      text: 'The weather for Project Falcon is fine.',
      translations: { 'es-ES': 'El weather para Project Falcon está bien.' },
    });
    for (const { client } of [host, invitee, screen, ownScreen]) await client.waitFor((m) => m.type === 'subtitle.final');

    expect(textsOf(host.client, 'subtitle.final')).toContain('The weather for Project Falcon is fine.');
    expect(textsOf(host.client, 'subtitle.partial')).toContain('weather');
    for (const { client } of [invitee, screen, ownScreen]) {
      const seen = `${textsOf(client, 'subtitle.partial')} ${textsOf(client, 'subtitle.final')}`;
      expect(seen).not.toMatch(/weather|falcon/i);
      expect(seen).toContain('The ★★★★★★★ for ★★★★★★★ ★★★★★★ is fine.');
    }
    expect(textsOf(invitee.client, 'subtitle.final')).toContain('El ★★★★★★★ para ★★★★★★★ ★★★★★★ está bien.');

    // The host still holds the seat: its socket is open and answers as the host.
    expect(host.client.messages.some((m) => m.type === 'error')).toBe(false);

    // A screen that comes late catches up masked.
    const late = await reader(meeting.id, tv.token, { screen: castCode });
    await late.client.waitFor((m) => m.type === 'subtitle.final' || (m.type === 'transcript' && m.segments.length > 0));
    expect(JSON.stringify(late.client.messages)).not.toMatch(/weather|falcon/i);
    for (const { client } of [host, invitee, screen, ownScreen, late]) client.close();
  });

  it('masks the meeting’s name and the shared record’s summary for a reader, not for the host', async () => {
    const now = new Date().toISOString();
    // The summaries table is the summaries domain's own (not in the app's Database type).
    const db = server.app.db as unknown as Kysely<{ record_summaries: Record<string, string> }>;
    await db
      .insertInto('record_summaries')
      .values({ record_id: meeting.transId, lang: 'en-US', state: 'completed', content: 'We discussed the weather.', key_points: JSON.stringify(['Project Falcon ships.']), generated_at: now, updated_at: now })
      .execute();
    const guest = await server.visitor();
    const shared = await call(server.app, 'GET', `/speech/meeting/shareRecord?meetingId=${meeting.id}`, { token: guest.token });
    expect(shared.code).toBe(200);
    expect(JSON.stringify(shared.data.summary)).not.toMatch(/weather|falcon/i);
    expect(shared.data.summary.content).toBe('We discussed the ★★★★★★★.');
    expect(shared.data.name).toBe('★★★★★★★ ★★★★★★ sync');
    // The meeting's name as the join, share and cast pages read it.
    const asGuest = await call(server.app, 'GET', `/speech/meeting/getMeeting?id=${meeting.id}`, { token: guest.token });
    expect(asGuest.data.name).toBe('★★★★★★★ ★★★★★★ sync');
    const byInvite = await call(server.app, 'GET', `/speech/meeting/openInvite?code=${inviteCode}`, { token: guest.token });
    expect(byInvite.data.name).toBe('★★★★★★★ ★★★★★★ sync');
    const asHost = await call(server.app, 'GET', `/speech/meeting/getMeeting?id=${meeting.id}`, { token: owner.token });
    expect(asHost.data.name).toBe('Project Falcon sync');
    const queried = await post(guest.token, '/ai/ai/queryMediaSummary', { transId: meeting.transId, meetingId: meeting.id });
    expect(queried.code).toBe(200);
    expect(JSON.stringify(queried.data)).not.toMatch(/weather|falcon/i);
    const own = await call(server.app, 'GET', `/speech/meeting/shareRecord?meetingId=${meeting.id}`, { token: owner.token });
    expect(own.data.summary.content).toBe('We discussed the weather.');
    const ownQuery = await post(owner.token, '/ai/ai/queryMediaSummary', { transId: meeting.transId, meetingId: meeting.id });
    expect(ownQuery.data.keyPoints).toEqual(['Project Falcon ships.']);
  });

  it('masks the summary download (Word and text) for a reader and a screen as the summary view, not for the host', async () => {
    const download = (token: string, format: 'docx' | 'txt') =>
      server.app.inject({
        method: 'POST',
        url: '/prod-api/ai/summaryTemplate/download',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en-US' },
        payload: JSON.stringify({ transId: meeting.transId, meetingId: meeting.id, lang: 'en-US', format }),
      });
    const guest = await server.visitor();
    const text = await download(guest.token, 'txt');
    expect(text.statusCode).toBe(200);
    expect(text.body).toContain('We discussed the ★★★★★★★.');
    expect(text.body).toContain('★★★★★★★ ★★★★★★ ships.');
    expect(text.body).not.toMatch(/weather|falcon/i);
    expect(decodeURIComponent(String(text.headers['content-disposition']))).not.toMatch(/falcon/i);
    // A cast screen reads the summary as a visitor holding the meeting's screen code: masked too.
    const tv = await server.visitor();
    const word = await download(tv.token, 'docx');
    expect(word.statusCode).toBe(200);
    const documentXml = await docxText(word.rawPayload);
    expect(documentXml).toContain('We discussed the ★★★★★★★.');
    expect(documentXml).not.toMatch(/weather|falcon/i);
    const own = await download(owner.token, 'txt');
    expect(own.body).toContain('We discussed the weather.');
    expect(own.body).toContain('Project Falcon ships.');
  });
});

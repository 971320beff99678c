// A meeting's vocabulary libraries through the contract: picked at create or edit (SVIP only, a
// refusal changes nothing), shown to the host only, another user's library never applied or named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantToUserId } from '../domain/entitlements/grants';
import { memoryVocabularySource } from '../testing/test-vocabulary';
import { SVIP } from '../domain/vouchers/package-types';
import { startLiveServer, type LiveTestServer } from '../testing/live-test-kit';
import { call } from '../testing/inject';

const libraries: Parameters<typeof memoryVocabularySource>[0] = {};
let server: LiveTestServer;

beforeAll(async () => {
  server = await startLiveServer({}, { vocabularySource: memoryVocabularySource(libraries) });
});
afterAll(async () => {
  await server?.close();
});

const edit = (token: string, body: Record<string, unknown>) => call(server.app, 'POST', '/speech/meeting/edit', { token, body, lang: 'en-US' });
const get = (token: string, id: string) => call(server.app, 'GET', `/speech/meeting/getMeeting?id=${id}`, { token, lang: 'en-US' });

describe('meeting vocabulary libraries', () => {
  it('stores the picks of an edit, shows the host what applies, and never another user’s library', async () => {
    const host = await server.signUp();
    await grantToUserId(server.app.db, server.app.services.clock, host.id, SVIP, 30);
    const other = await server.signUp('other');
    Object.assign(libraries, {
      [`${host.id}-a`]: { userId: host.id, name: 'Names', set: { properWords: ['Okonkwo'] } },
      [`${host.id}-b`]: { userId: host.id, name: 'Hidden', set: { sensitiveWords: ['secret'] } },
      [`${other.id}-x`]: { userId: other.id, name: 'Theirs', set: { sensitiveWords: ['hello'] } },
    });
    const meeting = await server.createMeeting(host);
    expect(meeting.vocabularies).toEqual([]);
    const edited = await edit(host.token, { id: meeting.id, documentIds: [`${host.id}-a`, `${other.id}-x`] });
    expect(edited.code).toBe(200);
    expect(edited.data.documentIds).toEqual([`${host.id}-a`, `${other.id}-x`]);
    expect(edited.data.vocabularies).toEqual([{ id: `${host.id}-a`, name: 'Names', kind: 'properWords' }]);
    const applied = await server.app.services.vocabularyInForce.forMeeting({ id: meeting.id, user_id: host.id });
    expect(applied?.set.sensitiveWords).toEqual([]);
    expect(applied?.set.properWords).toEqual(['Okonkwo']);

    const replaced = await edit(host.token, { id: meeting.id, documentIds: [`${host.id}-b`] });
    expect(replaced.data.vocabularies.map((v: { name: string }) => v.name)).toEqual(['Hidden']);
    // A reader of the meeting is not told which libraries the host uses.
    const visitor = await server.visitor();
    const read = await get(visitor.token, meeting.id);
    expect(read.data.vocabularies).toBeUndefined();
    expect(read.data.documentIds).toBeUndefined();
  });

  it('refuses picks without SVIP (92505003, the purchase dialog) and changes nothing', async () => {
    const host = await server.signUp('plain');
    const meeting = await server.createMeeting(host);
    const refused = await edit(host.token, { id: meeting.id, documentIds: ['anything'], name: 'Renamed' });
    expect(refused.code).toBe(92505003);
    const after = await get(host.token, meeting.id);
    expect(after.data.name).toBe('Standup');
    expect(after.data.documentIds).toEqual([]);
    // An empty pick is no vocabulary feature: allowed.
    expect((await edit(host.token, { id: meeting.id, documentIds: [] })).code).toBe(200);
  });

  it('refuses an edit of another user’s meeting without storing its picks', async () => {
    const host = await server.signUp('owner');
    const intruder = await server.signUp('intruder');
    await grantToUserId(server.app.db, server.app.services.clock, intruder.id, SVIP, 30);
    const meeting = await server.createMeeting(host);
    const refused = await edit(intruder.token, { id: meeting.id, documentIds: ['lib'] });
    expect(refused.code).not.toBe(200);
    expect(await server.app.services.vocabularyInForce.meetingLibraryIds(meeting.id)).toEqual([]);
  });
});

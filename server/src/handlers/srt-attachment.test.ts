// The SRT attachment (POST /file/upload) and the dub editor's import (POST /file/srtRead) through the
// API: the refused files (UTF-16, no blank lines between cues, a blank line inside a cue) are
// read, a Windows-1252 file is no longer GBK mojibake, the encoding is answered, and refusals name
// the cue and the file line in the caller's language.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { containerOf } from '../domain/storage/blob-store.port';
import { attachSrt } from '../testing/dub-test-kit';
import { databaseVariants } from '../testing/database-variants';
import { useRecordsTestApp } from '../testing/records-test-kit';

const [sqlite] = await databaseVariants();
const READ = '/prod-api/file/srtRead';

const FRENCH = '1\r\n00:00:01,000 --> 00:00:02,000\r\nOù le présentateur s\'arrête\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nÇa va très bien\r\n';
const NO_BLANK_LINES = '1\n00:00:01,000 --> 00:00:02,000\nOne\n2\n00:00:03,000 --> 00:00:04,000\nTwo\n3\n00:00:05,000 --> 00:00:06,000\nThree\n';

describe('SRT attachment and import', () => {
  const kit = useRecordsTestApp(sqlite!);

  it('stores a UTF-16 file without BOM (refused as "not .srt" before) and answers its encoding', async () => {
    const alice = await kit.signUp('srt-alice');
    const stored = await attachSrt(kit, alice, 'notepad.srt', iconv.encode(FRENCH, 'utf-16le'));
    expect(stored).toMatchObject({ code: 200, data: { name: 'notepad.srt', encoding: 'UTF-16LE' } });
    const bom = await attachSrt(kit, alice, 'notepad-be.srt', Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(FRENCH, 'utf-16be')]));
    expect(bom).toMatchObject({ code: 200, data: { encoding: 'UTF-16BE' } });
  });

  it('reads the cues for the editor: Windows-1252 as French, no blank lines as three cues, nothing stored', async () => {
    const alice = await kit.signUp('srt-reader');
    const blobs = () => kit.app.services.blobStore.listBlobs(containerOf(alice.user.id));
    await attachSrt(kit, alice, 'kept.srt', Buffer.from(NO_BLANK_LINES));
    const before = await blobs();
    expect(before).toHaveLength(1);
    const french = await attachSrt(kit, alice, 'fr.srt', iconv.encode(FRENCH, 'windows-1252'), 'en-US', READ);
    expect(french).toMatchObject({ code: 200, data: { encoding: 'windows-1252', cues: [{ startMs: 1000, endMs: 2000, text: "Où le présentateur s'arrête" }, { text: 'Ça va très bien' }] } });
    const packed = await attachSrt(kit, alice, 'packed.srt', Buffer.from(NO_BLANK_LINES), 'en-US', READ);
    expect(packed).toMatchObject({ code: 200, data: { encoding: 'UTF-8', cues: [{ text: 'One' }, { text: 'Two' }, { text: 'Three' }] } });
    expect(await blobs()).toEqual(before);
  });

  it('refuses naming the cue among cues and the file line, in the caller\'s language; a binary and a stranger are refused', async () => {
    const alice = await kit.signUp('srt-refusals');
    // A blank line inside cue 1 used to make the broken cue "subtitle 3".
    const broken = Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nA\n\nstill A\n\n2\n00:00:05,000 --> 00:00:04,000\nB\n');
    expect(await attachSrt(kit, alice, 'broken.srt', broken)).toMatchObject({ code: 400, msg: expect.stringMatching(/^subtitle 2 \(line 8 of the file\) has a broken time line/) });
    expect(await attachSrt(kit, alice, 'broken.srt', broken, 'zh-TW', READ)).toMatchObject({ code: 400, msg: expect.stringContaining('第 2 條字幕（檔案第 8 行）') });
    const binary = Buffer.from(Array.from({ length: 900 }, (_, i) => (i % 5 === 0 ? 0 : (i * 97 + 13) % 256)));
    expect(await attachSrt(kit, alice, 'image.srt', binary, 'en-US', READ)).toMatchObject({ code: 400, msg: 'Only .srt subtitle files can be attached' });
    const anonymous = await kit.app.inject({ method: 'POST', url: READ, headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' });
    expect(anonymous.statusCode).toBe(401);
  });
});

// Encodings of real subtitle files: each is written with iconv-lite (the bytes a tool would write) and
// must come back as the same text with the encoding named. The cases: UTF-16 without a BOM
// (refused before), a Windows-1252 French file (read as GBK mojibake before), short Chinese files.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeSubtitle } from './srt-encoding';

const srt = (texts: string[]) =>
  texts.map((text, i) => `${i + 1}\r\n00:${String(Math.floor(i / 30)).padStart(2, '0')}:${String((i * 2) % 60).padStart(2, '0')},000 --> 00:${String(Math.floor(i / 30)).padStart(2, '0')}:${String((i * 2) % 60).padStart(2, '0')},900\r\n${text}\r\n`).join('\r\n');

const FRENCH = srt(['Bonsoir, où le présentateur s’arrête-t-il ?', 'Ça commence à être très intéressant.', 'Le débat reprend après la pause, à côté du théâtre.', 'Élève, garçon, noël : voilà.']);
const CHINESE = srt(['我们今天讨论的是会议记录的问题', '请大家发言，谢谢', '下一个议题是预算']);
const TAIWANESE = srt(['我們今天討論的是會議記錄的問題', '請大家發言，謝謝', '下一個議題是預算']);

describe('subtitle file encodings', () => {
  it('reads UTF-8 with and without BOM', () => {
    expect(decodeSubtitle(Buffer.from(CHINESE))).toEqual({ text: CHINESE, encoding: 'UTF-8' });
    expect(decodeSubtitle(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CHINESE)]))).toEqual({ text: CHINESE, encoding: 'UTF-8' });
  });

  it('reads UTF-16 little and big endian, with and without BOM', () => {
    const le = iconv.encode(FRENCH, 'utf-16le');
    const be = iconv.encode(FRENCH, 'utf-16be');
    expect(decodeSubtitle(Buffer.concat([Buffer.from([0xff, 0xfe]), le]))).toEqual({ text: FRENCH, encoding: 'UTF-16LE' });
    expect(decodeSubtitle(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toEqual({ text: FRENCH, encoding: 'UTF-16BE' });
    expect(decodeSubtitle(le)).toEqual({ text: FRENCH, encoding: 'UTF-16LE' });
    expect(decodeSubtitle(be)).toEqual({ text: FRENCH, encoding: 'UTF-16BE' });
    // Chinese text in UTF-16 has no zero bytes in its characters, only in the timings and numbers.
    expect(decodeSubtitle(iconv.encode(CHINESE, 'utf-16le'))).toEqual({ text: CHINESE, encoding: 'UTF-16LE' });
  });

  it('reads a Windows-1252 French file as French, short or long, not as GBK', () => {
    expect(decodeSubtitle(iconv.encode(FRENCH.replace('’', "'"), 'windows-1252'))).toEqual({ text: FRENCH.replace('’', "'"), encoding: 'windows-1252' });
    const long = srt(Array.from({ length: 1332 }, (_, i) => `Réplique ${i} : où le présentateur s'arrête, très bien.`));
    const decoded = decodeSubtitle(iconv.encode(long, 'windows-1252'));
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text).toBe(long);
  });

  it('reads GB18030/GBK and Big5 Chinese files, however short', () => {
    expect(decodeSubtitle(iconv.encode(CHINESE, 'gbk'))).toEqual({ text: CHINESE, encoding: 'GB18030' });
    expect(decodeSubtitle(iconv.encode(CHINESE, 'gb18030'))).toEqual({ text: CHINESE, encoding: 'GB18030' });
    expect(decodeSubtitle(iconv.encode(TAIWANESE, 'big5'))).toEqual({ text: TAIWANESE, encoding: 'Big5' });
    const tiny = Buffer.concat([Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n'), iconv.encode('你好', 'gbk'), Buffer.from('\nHello\n')]);
    expect(decodeSubtitle(tiny).text).toContain('你好\nHello');
  });

  it('leaves the NULs of a binary file in its text (the upload refuses those)', () => {
    const binary = Buffer.from(Array.from({ length: 600 }, (_, i) => (i % 7 === 0 ? 0 : (i * 97 + 13) % 256)));
    expect(decodeSubtitle(binary).text).toContain('\u0000');
  });
});

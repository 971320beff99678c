import { describe, expect, it } from 'vitest';
import { DubbingError } from './errors';
import { decodeSubtitleBytes, formatSrt, parseSrt, segmentForBurnIn, srtLines, subtitleText } from './srt';
import { assColour } from './burn-in';

const BILINGUAL = '\uFEFF1\r\n00:00:01,000 --> 00:00:03,500\r\n你好世界\r\nHello world\r\n\r\n2\r\n00:00:04.200 --> 00:00:06,000\r\n谢谢\r\nThank you\r\n';

function refusal(run: () => unknown): DubbingError {
  try {
    run();
  } catch (error) {
    if (error instanceof DubbingError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('SRT of a dub', () => {
  it('parses a bilingual file with BOM, CRLF and a dot before milliseconds', () => {
    const lines = srtLines(parseSrt(decodeSubtitleBytes(new TextEncoder().encode(BILINGUAL)), 10_000), 3);
    expect(lines).toEqual([
      { startMs: 1000, endMs: 3500, source: '你好世界', translation: 'Hello world' },
      { startMs: 4200, endMs: 6000, source: '谢谢', translation: 'Thank you' },
    ]);
  });

  it('decodes a GBK file (not valid UTF-8) to the same text', () => {
    // 你好 in GBK is C4 E3 BA C3; the rest is ASCII.
    const gbk = Buffer.concat([Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n'), Buffer.from([0xc4, 0xe3, 0xba, 0xc3]), Buffer.from('\nHello\n')]);
    expect(srtLines(parseSrt(decodeSubtitleBytes(gbk)), 3)[0]).toMatchObject({ source: '你好', translation: 'Hello' });
  });

  it('decodes UTF-16 with its BOM, little and big endian (Notepad\'s "Unicode"), to the same lines', () => {
    const utf8 = srtLines(parseSrt(decodeSubtitleBytes(new TextEncoder().encode(BILINGUAL)), 10_000), 3);
    const text = BILINGUAL.replace(/^\uFEFF/, '');
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le.subarray(2)).swap16();
    expect(srtLines(parseSrt(decodeSubtitleBytes(le), 10_000), 3)).toEqual(utf8);
    expect(srtLines(parseSrt(decodeSubtitleBytes(Buffer.concat([Buffer.from([0xfe, 0xff]), be])), 10_000), 3)).toEqual(utf8);
  });

  it('refuses bytes that are no subtitle file in any encoding (a renamed binary) at its first cue', () => {
    const binary = Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 97 + 13) % 256));
    const error = refusal(() => parseSrt(decodeSubtitleBytes(binary)));
    expect([error.key, error.params.line]).toEqual(['engines:dubSrtTiming', 1]);
  });

  it('source and translation types keep the whole text on one side', () => {
    const cues = parseSrt(BILINGUAL);
    expect(srtLines(cues, 1)[0]).toMatchObject({ source: '你好世界 Hello world', translation: null });
    expect(srtLines(cues, 2)[1]).toMatchObject({ source: '', translation: '谢谢 Thank you' });
  });

  it('refuses broken timing, overlaps, a cue past the video and a bilingual cue without translation, naming the cue', () => {
    const broken = refusal(() => parseSrt('1\n00:00:01,000 --> 00:00:03,000\nok\n\n2\n00:00:05,000 --> 00:00:04,000\nback in time\n'));
    expect([broken.key, broken.params.line, broken.step]).toEqual(['engines:dubSrtTiming', 2, 'lines']);
    expect(refusal(() => parseSrt('1\n00:00:01 --> 00:00:03\nno millis\n')).key).toBe('engines:dubSrtTiming');
    const overlap = refusal(() => parseSrt('1\n00:00:01,000 --> 00:00:03,000\na\n\n2\n00:00:02,000 --> 00:00:04,000\nb\n'));
    expect([overlap.key, overlap.params.line]).toEqual(['engines:dubSrtOverlap', 2]);
    const beyond = refusal(() => parseSrt('1\n00:00:01,000 --> 00:00:03,000\na\n\n2\n00:01:02,000 --> 00:01:04,000\nb\n', 60_000));
    expect([beyond.key, beyond.params.line]).toEqual(['engines:dubSrtBeyondVideo', 2]);
    const single = refusal(() => srtLines(parseSrt('1\n00:00:01,000 --> 00:00:03,000\nonly one row\n'), 3));
    expect([single.key, single.params.line]).toEqual(['engines:dubSrtMissingTranslation', 1]);
    expect(refusal(() => parseSrt('\n\n  \n')).key).toBe('engines:dubSrtEmpty');
  });

  it('cuts burn-in segments at word boundaries within the character limit, sharing the line time', () => {
    const segments = segmentForBurnIn({ startMs: 0, endMs: 3000, text: 'one two three four five six seven' }, 10);
    expect(segments.every((s) => s.text.length <= 10)).toBe(true);
    expect(segments.map((s) => s.text).join(' ')).toBe('one two three four five six seven');
    expect(segments[0]!.startMs).toBe(0);
    expect(segments.at(-1)!.endMs).toBeCloseTo(3000);
    expect(segmentForBurnIn({ startMs: 0, endMs: 1000, text: '这是一个没有空格的很长的句子' }, 5).map((s) => s.text)).toEqual(['这是一个没', '有空格的很', '长的句子']);
  });

  it('writes each subtitle kind of a line, and the bilingual one reads back as its source and translation', () => {
    const line = { source: '你好世界', translation: 'Hello world' };
    expect(subtitleText('source', line)).toBe('你好世界');
    expect(subtitleText('translation', line)).toBe('Hello world');
    expect(subtitleText('bilingual', line)).toBe('你好世界\nHello world');
    expect(subtitleText('bilingual', { source: '', translation: 'Hello world' })).toBe('Hello world');
    const file = formatSrt([{ startMs: 1000, endMs: 3500, text: subtitleText('bilingual', line) }]);
    expect(srtLines(parseSrt(file, 10_000), 3)).toEqual([{ startMs: 1000, endMs: 3500, source: '你好世界', translation: 'Hello world' }]);
  });

  it('converts #rrggbb to libass colours', () => {
    expect(assColour('#ff8000')).toBe('&H000080FF');
    expect(() => assColour('red')).toThrow();
  });
});

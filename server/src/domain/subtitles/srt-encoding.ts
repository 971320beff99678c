// The bytes of a subtitle file people bring: Windows Notepad's "Unicode" (UTF-16 with its BOM), the
// same written by tools without a BOM, UTF-8 with or without BOM, and the legacy code pages Chinese and
// Western subtitle tools still write (GB18030/GBK, Big5, Windows-1252…). Guessing GBK for every file
// that is not UTF-8 turned French files into mojibake, so the guess is chardet's (statistical, per
// language) and the name it found is returned for the user to see.
import chardet from 'chardet';
import iconv from 'iconv-lite';

export interface DecodedSubtitle {
  text: string;
  /** What was detected, as people know it: 'UTF-8', 'UTF-16LE', 'GB18030', 'Big5', 'windows-1252'… */
  encoding: string;
}

/** How many leading bytes the UTF-16-without-BOM test and chardet look at (enough for a few dozen cues). */
const SAMPLE_BYTES = 64 * 1024;

/**
 * UTF-16 without a BOM: text of subtitles is mostly ASCII (digits, timings, Latin letters), whose high
 * byte is 0, so one byte of each pair is zero far more often than the other. A binary file has zeros
 * at both positions alike.
 */
function utf16WithoutBom(bytes: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | null {
  const length = Math.min(bytes.length, SAMPLE_BYTES) & ~1;
  if (length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenZeros += 1;
    if (bytes[i + 1] === 0) oddZeros += 1;
  }
  const pairs = length / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'UTF-16LE';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'UTF-16BE';
  return null;
}

function validUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** chardet's names that iconv-lite spells otherwise; ISO-8859-1 files are read as its superset. */
const ICONV_NAME: Record<string, string> = { 'ISO-8859-1': 'windows-1252' };
const DOUBLE_BYTE = ['GB18030', 'Big5', 'Shift_JIS', 'EUC-JP', 'EUC-KR'];

/**
 * Every run of non-ASCII bytes has an even length: what Chinese, Japanese or Korean text in a legacy
 * double-byte page looks like, and what accented Western text (one high byte among ASCII letters)
 * almost never does. chardet's statistics need more text than a short subtitle file may hold.
 */
function pairedHighBytes(sample: Uint8Array): boolean {
  let run = 0;
  let runs = 0;
  for (const byte of sample) {
    if (byte >= 0x80) {
      run += 1;
    } else if (run > 0) {
      if (run % 2 === 1) return false;
      runs += 1;
      run = 0;
    }
  }
  return run % 2 === 0 && runs + (run > 0 ? 1 : 0) > 0;
}

const cleanIn = (sample: Uint8Array, name: string) => !iconv.decode(Buffer.from(sample), name).includes('\uFFFD');

function legacyEncoding(bytes: Uint8Array): string {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const matches = chardet.analyse(sample).filter((match) => iconv.encodingExists(ICONV_NAME[match.name] ?? match.name));
  const top = matches[0];
  if (pairedHighBytes(sample) && !(top && DOUBLE_BYTE.includes(top.name))) {
    // On a tie (a short sample gives each 10) the order of DOUBLE_BYTE decides: Chinese first.
    const doubleByte = matches
      .filter((match) => DOUBLE_BYTE.includes(match.name) && cleanIn(sample, match.name))
      .sort((a, b) => b.confidence - a.confidence || DOUBLE_BYTE.indexOf(a.name) - DOUBLE_BYTE.indexOf(b.name))[0];
    if (doubleByte) return doubleByte.name;
  }
  // chardet always finds some single-byte page for non-UTF-8 bytes; the fallback is for an empty sample.
  return top ? (ICONV_NAME[top.name] ?? top.name) : 'windows-1252';
}

export function decodeSubtitle(bytes: Uint8Array): DecodedSubtitle {
  // The decoders drop the BOM itself.
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: iconv.decode(Buffer.from(bytes), 'utf-8'), encoding: 'UTF-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: iconv.decode(Buffer.from(bytes), 'utf-16le'), encoding: 'UTF-16LE' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: iconv.decode(Buffer.from(bytes), 'utf-16be'), encoding: 'UTF-16BE' };
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { text: iconv.decode(Buffer.from(bytes), utf16.toLowerCase()), encoding: utf16 };
  const utf8 = validUtf8(bytes);
  if (utf8 !== null) return { text: utf8, encoding: 'UTF-8' };
  const encoding = legacyEncoding(bytes);
  return { text: iconv.decode(Buffer.from(bytes), encoding), encoding };
}

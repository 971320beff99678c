// The user's proper words as pocketsphinx dictionary entries, so the decoder itself can say them
// (issue 26 item 7): each entry gets a key in the user's spelling (a multi-word name is one key,
// "John_Dashwood", so the name is one unit of the language model, as the speaker says it) and ARPAbet
// phones — cmudict's for the words it knows, espeak-ng's phonemes mapped to ARPAbet for the others.
// The helper adds them with a raised unigram weight (ps-stream.c, "W"); the phonetic correction pass
// still runs after, for what the decoder still misses.
import fs from 'node:fs/promises';
import { runProcess } from '../run-process';

export interface HintWord {
  /** The dictionary and language-model key: no spaces, never a cmudict (lower-case) word. */
  key: string;
  phones: string[];
  /** The words the key stands for, as the user spelled them (what the transcript shows). */
  words: string[];
}

/**
 * A unigram `HINT_WEIGHT` times a uniform one (1 / 135k words): about 1e-4, the probability of an
 * ordinary content word. On real speech (bench/fixtures/vocabulary/real) 1 already let "Dashwood"
 * win, and 10 leaves margin; much more starts to put names where other words were said.
 */
export const HINT_WEIGHT = 10;
/** Longer names are cut: a key and its phones must fit the helper's command line. */
const MAX_WORDS_PER_ENTRY = 4;
const MAX_ENTRIES = 500;

const dictionaries = new Map<string, Promise<Map<string, string[]>>>();

/** cmudict's first pronunciation per word (lower case), read once per file. */
function readDictionary(dictPath: string): Promise<Map<string, string[]>> {
  let pending = dictionaries.get(dictPath);
  if (!pending) {
    pending = fs.readFile(dictPath, 'utf8').then((text) => {
      const words = new Map<string, string[]>();
      for (const line of text.split('\n')) {
        const space = line.indexOf(' ');
        if (space <= 0) continue;
        const word = line.slice(0, space);
        if (!words.has(word)) words.set(word, line.slice(space + 1).trim().split(/\s+/));
      }
      return words;
    });
    pending.catch(() => dictionaries.delete(dictPath));
    dictionaries.set(dictPath, pending);
  }
  return pending;
}

/** Splits an entry into the words pocketsphinx can hold: Latin letters, apostrophes and hyphens. */
function wordsOf(entry: string): string[] | null {
  const words = entry.trim().split(/\s+/u).filter(Boolean);
  if (!words.length || words.length > MAX_WORDS_PER_ENTRY) return null;
  // The en-US model has English phones only; a name in another script is left to the correction pass.
  if (!words.every((w) => /^[\p{Script=Latin}'’-]+$/u.test(w) && /\p{L}/u.test(w))) return null;
  return words;
}

function keyOf(words: string[]): string {
  const key = words.join('_');
  // cmudict is lower case: a capital keeps the key apart from its entry (ps_add_word refuses a word it has).
  return key === key.toLowerCase() ? key[0]!.toUpperCase() + key.slice(1) : key;
}

/** The dictionary entries of the hints; entries that cannot be spelled in phones are left out. */
export async function hintLexicon(hints: readonly string[], dictPath: string, signal?: AbortSignal): Promise<HintWord[]> {
  const entries = new Map<string, string[]>();
  for (const hint of hints.slice(0, MAX_ENTRIES)) {
    const words = wordsOf(hint);
    if (words && !entries.has(keyOf(words))) entries.set(keyOf(words), words);
  }
  if (!entries.size) return [];
  const dictionary = await readDictionary(dictPath);
  const lower = (word: string) => word.normalize('NFC').toLowerCase().replace(/’/g, "'");
  const unknown = [...new Set([...entries.values()].flat().map(lower))].filter((w) => !dictionary.has(w));
  const generated = await espeakPhones(unknown, signal);
  const lexicon: HintWord[] = [];
  for (const [key, words] of entries) {
    const phones = words.flatMap((w) => dictionary.get(lower(w)) ?? generated.get(lower(w)) ?? []);
    if (words.every((w) => dictionary.has(lower(w)) || generated.get(lower(w))?.length)) lexicon.push({ key, phones, words });
  }
  return lexicon;
}

/** espeak-ng's en-us phonemes (IPA) of each word, mapped to ARPAbet; one espeak run for all. */
async function espeakPhones(words: string[], signal?: AbortSignal): Promise<Map<string, string[]>> {
  const phones = new Map<string, string[]>();
  if (!words.length) return phones;
  // One sentence a word: espeak answers one line per sentence (lines without a stop run together).
  const input = words.map((w) => `${w.replace(/-/g, ' ')}.`).join('\n');
  const { stdout } = await runProcess('espeak-ng', 'espeak-ng', ['-q', '--ipa', '-v', 'en-us', '--stdin'], {
    input,
    timeoutMs: 30_000,
    ...(signal ? { signal } : {}),
  });
  const lines = stdout.toString('utf8').split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length !== words.length) return phones; // misaligned: better no entries than wrong ones
  words.forEach((word, i) => phones.set(word, ipaToArpabet(lines[i]!)));
  return phones;
}

/** espeak-ng en-us IPA symbols (longest first when matched) and their ARPAbet phones. */
const IPA_TO_ARPABET: Array<[string, string[]]> = Object.entries({
  'ɑːɹ': ['AA', 'R'], 'ɔːɹ': ['AO', 'R'], 'oːɹ': ['AO', 'R'], 'ɛɹ': ['EH', 'R'], 'ɪɹ': ['IH', 'R'], 'ʊɹ': ['UH', 'R'],
  'aɪə': ['AY', 'ER'], 'aɪ': ['AY'], 'aʊ': ['AW'], 'eɪ': ['EY'], 'oʊ': ['OW'], 'ɔɪ': ['OY'], 'əʊ': ['OW'],
  'tʃ': ['CH'], 'dʒ': ['JH'], 'ɑː': ['AA'], 'ɔː': ['AO'], 'iː': ['IY'], 'uː': ['UW'], 'ɜː': ['ER'], 'ɚ': ['ER'], 'ɝ': ['ER'],
  'n̩': ['AH', 'N'], 'l̩': ['AH', 'L'], 'æ': ['AE'], 'ɑ': ['AA'], 'ɒ': ['AA'], 'ɔ': ['AO'], 'ʌ': ['AH'], 'ə': ['AH'], 'ɐ': ['AH'],
  'ɛ': ['EH'], 'e': ['EH'], 'ɪ': ['IH'], 'ᵻ': ['IH'], 'i': ['IY'], 'ʊ': ['UH'], 'u': ['UW'], 'o': ['OW'], 'a': ['AA'], 'ɜ': ['ER'],
  'p': ['P'], 'b': ['B'], 't': ['T'], 'd': ['D'], 'k': ['K'], 'ɡ': ['G'], 'g': ['G'], 'f': ['F'], 'v': ['V'], 'θ': ['TH'], 'ð': ['DH'],
  's': ['S'], 'z': ['Z'], 'ʃ': ['SH'], 'ʒ': ['ZH'], 'h': ['HH'], 'm': ['M'], 'n': ['N'], 'ŋ': ['NG'], 'l': ['L'], 'ɹ': ['R'], 'r': ['R'],
  'w': ['W'], 'j': ['Y'], 'ɾ': ['T'], 'x': ['K'], 'ç': ['HH'], 'ʔ': [],
}).sort(([a], [b]) => b.length - a.length);

/** Greedy longest match; stress, length and syllable marks carry no phone. */
export function ipaToArpabet(ipa: string): string[] {
  const text = ipa.normalize('NFC').replace(/[ˈˌ.‿͡ _-]/g, '');
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    const match = IPA_TO_ARPABET.find(([symbol]) => text.startsWith(symbol, at));
    if (match) {
      out.push(...match[1]);
      at += match[0].length;
    } else at += 1; // a mark without a phone (ː alone, a diacritic)
  }
  return out;
}

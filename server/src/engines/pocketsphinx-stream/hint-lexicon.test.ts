import { describe, expect, it } from 'vitest';
import { hintLexicon, ipaToArpabet } from './hint-lexicon';

const DICT = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';

describe('proper words as pocketsphinx dictionary entries', () => {
  it('maps espeak-ng en-us IPA to ARPAbet, longest symbols first, marks dropped', () => {
    expect(ipaToArpabet('dˈeɪɾədˌɑːɡ')).toEqual(['D', 'EY', 'T', 'AH', 'D', 'AA', 'G']);
    expect(ipaToArpabet('kjˈuːbɚnˌiːts')).toEqual(['K', 'Y', 'UW', 'B', 'ER', 'N', 'IY', 'T', 'S']);
    expect(ipaToArpabet('tʃˈɑːɹlz')).toEqual(['CH', 'AA', 'R', 'L', 'Z']);
  });

  it("keeps cmudict's phones, generates the others, joins a name into one key and skips other scripts", async () => {
    const lexicon = await hintLexicon(['Dashwood', 'John Dashwood', 'Datadog', 'iphone', '深圳', 'Dashwood'], DICT);
    expect(lexicon).toEqual([
      { key: 'Dashwood', phones: ['D', 'AE', 'SH', 'W', 'UH', 'D'], words: ['Dashwood'] },
      { key: 'John_Dashwood', phones: ['JH', 'AA', 'N', 'D', 'AE', 'SH', 'W', 'UH', 'D'], words: ['John', 'Dashwood'] },
      { key: 'Datadog', phones: ['D', 'EY', 'T', 'AH', 'D', 'AA', 'G'], words: ['Datadog'] },
      // cmudict's own lower-case "iphone" stays; the key must differ from it for ps_add_word.
      { key: 'Iphone', phones: expect.any(Array) as unknown as string[], words: ['iphone'] },
    ]);
  });
});

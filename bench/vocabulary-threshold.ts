// Measures PROPER_WORD_THRESHOLD (server/src/domain/vocabulary/phonetic-correction.ts): for each
// threshold, how many proper nouns of the fixed set the correction pass brings back (hits) and how
// many it puts where none was said (false). `npx tsx bench/vocabulary-threshold.ts` reads the kept
// recognition (recognised.json); `-- --record` speaks and recognises the set again first.
import fs from 'node:fs';
import { correct, properNounCounts, readRecognised, readSet, recognise, RECOGNISED_FILE } from './fixtures/vocabulary/proper-noun-set';

const set = readSet();
if (process.argv.includes('--record')) fs.writeFileSync(RECOGNISED_FILE, JSON.stringify(await recognise(set), null, 2) + '\n');
const recognised = readRecognised();

console.log('threshold  hits/expected  false');
for (let threshold = 0.2; threshold <= 0.501; threshold += 0.02) {
  let hits = 0;
  let expected = 0;
  let falseInsertions = 0;
  for (const r of recognised) {
    const counts = properNounCounts(r.text, correct(r.recognised, set.properWords, threshold), set.properWords);
    hits += counts.hits;
    expected += counts.expected;
    falseInsertions += counts.falseInsertions;
  }
  console.log(`${threshold.toFixed(2).padStart(9)}  ${String(hits).padStart(4)}/${expected}        ${falseInsertions}`);
}

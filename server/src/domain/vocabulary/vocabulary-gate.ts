// Which SVIP feature of the tier table (tier-rules.ts) each library kind is: the one place the
// vocabulary calls and the library source ask. Refusals are the catalogue's 92505003 'no such right'.
import type { VocabularyKindName } from '../../../../src/shared/contract/vocabulary-limits';
import type { SvipFeature } from '../entitlements/tier-rules';

const FEATURE_OF: Readonly<Record<VocabularyKindName, SvipFeature>> = {
  properWords: 'vocabulary',
  translationTerms: 'terms',
  sensitiveWords: 'sensitiveWords',
  wordReplacement: 'wordReplacement',
};

export const featureOf = (kind: VocabularyKindName): SvipFeature => FEATURE_OF[kind];

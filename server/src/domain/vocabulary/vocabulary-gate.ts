// Which SVIP feature of the tier table (tier-rules.ts) each library kind is: the one place the
// vocabulary calls and the library source ask. Refusals are the catalogue's 92505003 'no such right'.
import { VOCABULARY_KIND_RULES, type VocabularyKind } from '../../../../src/shared/contract/vocabulary-kinds';
import type { SvipFeature } from '../entitlements/tier-rules';

export const featureOf = (kind: VocabularyKind): SvipFeature => VOCABULARY_KIND_RULES[kind].svipFeature;

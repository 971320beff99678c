// Language lists (platform §7, features §7): what this server's engines can recognise, translate
// and speak, named in the caller's accept-language. Unavailable languages are listed and marked.
import { MEETING_RECOGNITION_LANGUAGES_MAX, MEETING_TRANSLATION_LANGUAGES_MAX } from '../../../src/shared/contract/limits';
import type { HandlerMap } from './types';

export const languagesHandlers: HandlerMap = {
  async recordsLanguageInternation(ctx) {
    return ctx.services.transcripts.languageLists(ctx.request.locale, ctx.t);
  },
  async meetingsSelectLanguage(ctx) {
    return ctx.services.transcripts.languageLists(ctx.request.locale, ctx.t);
  },
  async recordsTextTransLanguageList(ctx) {
    return ctx.services.transcripts.translationTargets(ctx.request.locale, ctx.t);
  },
  async recordsSynthesisLanguage(ctx) {
    return ctx.services.transcripts.synthesisLanguages(ctx.request.locale, ctx.t);
  },
  // Tier limits (features §6: up to 2 / 2 / 10 recognition languages) come with the entitlements
  // work; until then every user gets the product's maximum and the languages an engine serves.
  async accountQueryAuthLanguageByUserId(ctx) {
    const lists = ctx.services.transcripts.languageLists(ctx.request.locale, ctx.t);
    return {
      recognitionLanguages: lists.transcribeLanguage.filter((l) => l.available),
      translationLanguages: lists.translation.filter((l) => l.available),
      recognitionCount: MEETING_RECOGNITION_LANGUAGES_MAX,
      translateCount: MEETING_TRANSLATION_LANGUAGES_MAX,
    };
  },
};

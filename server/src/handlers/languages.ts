// Language lists (platform §7, features §7): what this server's engines can recognise, translate
// and speak, named in the caller's accept-language. Unavailable languages are listed and marked.
import { meetingLanguageLimits } from '../domain/meetings/meeting-permissions';
import { requireUser, type HandlerMap } from './types';

export const languagesHandlers: HandlerMap = {
  async recordsLanguageInternation(ctx) {
    return ctx.services.transcript.languageLists(ctx.request.locale, ctx.t);
  },
  async meetingsSelectLanguage(ctx) {
    return ctx.services.transcript.languageLists(ctx.request.locale, ctx.t);
  },
  async recordsTextTransLanguageList(ctx) {
    return ctx.services.transcript.translationTargets(ctx.request.locale, ctx.t);
  },
  async recordsSynthesisLanguage(ctx) {
    return ctx.services.transcript.synthesisLanguages(ctx.request.locale, ctx.t);
  },
  // The languages an engine serves, and how many of each the caller's tier allows per meeting
  // (features §6: 2 / 2 / 10 recognition, 2 / 2 / 4 interpretation).
  async accountQueryAuthLanguageByUserId(ctx) {
    const user = requireUser(ctx);
    const lists = ctx.services.transcript.languageLists(ctx.request.locale, ctx.t);
    const limits = meetingLanguageLimits((await ctx.services.entitlements.account(user)).rule);
    return {
      recognitionLanguages: lists.transcribeLanguage.filter((l) => l.available),
      translationLanguages: lists.translation.filter((l) => l.available),
      recognitionCount: limits.recognition,
      translateCount: limits.interpretation,
    };
  },
};

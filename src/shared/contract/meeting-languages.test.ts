// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MeetingLanguages } from './meeting-languages';

const meeting = new MeetingLanguages(['en-US', 'zh-CN'], ['es-ES', 'zh-TW']);

describe('MeetingLanguages', () => {
  it('offers its translation languages, letter case aside, in its own spelling', () => {
    expect(meeting.offers('es-ES')).toBe(true);
    expect(meeting.offered('ZH-tw')).toBe('zh-TW');
    expect(meeting.offers('fr-FR')).toBe(false);
    expect(meeting.offered('en-US')).toBeUndefined();
  });

  it('gives the first translation language to a reader who has not chosen, or asks for one not offered', () => {
    expect(meeting.defaultTranslation).toBe('es-ES');
    expect(meeting.choose(null)).toBe('es-ES');
    expect(meeting.choose('')).toBe('es-ES');
    expect(meeting.choose('fr-FR')).toBe('es-ES');
    expect(meeting.choose('zh-tw')).toBe('zh-TW');
    expect(new MeetingLanguages(['en-US'], []).choose('es-ES')).toBe('');
  });

  it('listens for its first recognition language, en-US when it names none', () => {
    expect(meeting.spoken).toBe('en-US');
    expect(new MeetingLanguages(['zh-CN'], ['en-US']).spoken).toBe('zh-CN');
    expect(new MeetingLanguages([], ['en-US']).spoken).toBe('en-US');
  });

  it('reads a meeting as the contract sends it', () => {
    const languages = MeetingLanguages.of({ recognitionLanguages: ['zh-CN'], translationLanguages: ['en-US'] });
    expect(languages.spoken).toBe('zh-CN');
    expect(languages.offers('en-us')).toBe(true);
    expect(MeetingLanguages.of({ translationLanguages: ['en-US'] }).recognition).toEqual([]);
  });

  it('holds 1 to 10 recognition and 1 to 4 translation languages', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `l${i}-XX`);
    expect(new MeetingLanguages(many(10), many(4)).problems()).toEqual([]);
    expect(new MeetingLanguages([], []).problems()).toEqual(['needRecognition', 'needTranslation']);
    expect(new MeetingLanguages(many(11), many(5)).problems()).toEqual(['tooManyRecognition', 'tooManyTranslation']);
    expect([MeetingLanguages.recognitionMin, MeetingLanguages.recognitionMax, MeetingLanguages.translationMin, MeetingLanguages.translationMax]).toEqual([1, 10, 1, 4]);
  });

  it('checks only the lists given (an update may leave one as it was)', () => {
    expect(MeetingLanguages.problemsOf(undefined, ['es-ES'])).toEqual([]);
    expect(MeetingLanguages.problemsOf(undefined, [])).toEqual(['needTranslation']);
    expect(MeetingLanguages.problemsOf(['en-US'], undefined)).toEqual([]);
  });

  it('starts a new meeting with en-US recognised and zh-CN translated', () => {
    expect(MeetingLanguages.defaults.recognition).toEqual(['en-US']);
    expect(MeetingLanguages.defaults.translation).toEqual(['zh-CN']);
    expect(MeetingLanguages.defaults.problems()).toEqual([]);
  });
});

// Decisions and action items, found where the transcript states them with a cue ("we decided", "let's",
// "needs to", "please", "by Friday", 决定, 需要, "hemos decidido", "tenemos que"), and attributed to whoever said
// them. Questions are not commitments and are left out; so are cues in sentences too short to say what.
import { primaryLanguage } from '../languages';
import type { SummaryItem } from '../types';
import type { Candidate } from './select';
import { textKey } from './select';

interface Cues {
  decision: RegExp;
  action: RegExp;
  /** A date, a weekday or a deadline word: makes an action item concrete. */
  when: RegExp;
  /** Sentences that carry an action cue but are no task. */
  notAction?: RegExp;
}

const CUES: Record<string, Cues> = {
  en: {
    decision:
      /\b(?:we(?:'ve| have)? decided|(?:it was|it's|it is) decided|we(?:'ve| have)? agreed|(?:are|is|was|were) agreed|agreed (?:to|that|on)|decision (?:is|was)|we(?:'ll| will) go with|let's go with|we(?:'re| are) going (?:to go )?with|we settled on|final decision|we chose|we(?:'ve| have) chosen)\b/i,
    // A commitment is made by the speakers themselves ("I'll", "we will", "you need to") or named as a
    // task ("Bob needs to", "let's"). "They will", "it has to" are predictions or requirements, not tasks
    // (a meeting about a product says "it has to be light" often), so they are no cue.
    action:
      /\b(?:let's|let us|please|action item|(?:we|i|you|everyone|everybody)(?:'ll| will| need to| have to| must| (?:am|are) going to)|needs to|need to|(?:is|are) responsible for|in charge of|follow up|to do by|deadline)\b/i,
    // Steering the meeting itself ("let's see what's next", "let's move on"), a negation ("no need to")
    // or a condition ("if you really need to") is no task.
    notAction: /\blet(?:'s| us) (?:see|start|begin|go (?:on|back|through|to the next)|move on|have a look|look at|just|hear|say|think|not)\b|\bwill be able to\b|\bone day\b|\b(?:no|don't|doesn't|won't) need to\b|\bif (?:you|we|i|they)\b/i,
    when: /\b(?:by|before|until|on|next|this) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|week|month|meeting|time|the end)|\b(?:tomorrow|today|deadline|\d{1,2}(?:st|nd|rd|th)?(?: of)? (?:january|february|march|april|may|june|july|august|september|october|november|december))\b/i,
  },
  es: {
    decision: /\b(?:hemos decidido|decidimos|se decidió|hemos acordado|acordamos|quedamos en|queda decidido|la decisión (?:es|fue)|vamos a ir con|nos quedamos con|elegimos)\b/i,
    action: /\b(?:por favor|vamos a|tenemos que|tiene que|tienen que|tienes que|hay que|necesita|necesitamos|debe|debemos|me encargo|se encarga|te encargas|voy a|va a|queda pendiente|plazo)\b/i,
    when: /\b(?:para|antes del?|hasta el?) (?:el )?(?:lunes|martes|miércoles|jueves|viernes|sábado|domingo|mañana|la próxima semana|fin de mes|\d{1,2})\b|\bmañana\b/i,
  },
  zh: {
    decision: /决定|決定|同意了|一致认为|一致認為|确定了|確定了|定下来|定下來|就这么定|就這麼定|选定|選定|通过了|通過了/,
    action: /^请|^請|需要|必须|必須|负责|負責|我们要|我們要|我来|我來|你来|你來|落实|落實|跟进|跟進|安排|截止|之前完成|完成.*(?:之前|以前)/,
    when: /下周|下週|下个月|下個月|明天|周[一二三四五六日]|週[一二三四五六日]|星期[一二三四五六日天]|\d+月\d+[日号號]|月底|之前|以前/,
  },
};

export interface StatedItems {
  decisions: SummaryItem[];
  actionItems: SummaryItem[];
}

const MAX_ITEMS = 8;

export function statedItems(candidates: readonly Candidate[], language: string): StatedItems {
  const cues = CUES[primaryLanguage(language)] ?? CUES.en!;
  const minWords = primaryLanguage(language) === 'zh' ? 4 : 5;
  const decisions: (Candidate & { strength: number })[] = [];
  const actions: (Candidate & { strength: number })[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const { text, question, wordCount } = candidate.unit;
    if (question || wordCount < minWords || wordCount > 45) continue;
    const key = textKey(text);
    if (seen.has(key)) continue;
    if (cues.decision.test(text)) {
      seen.add(key);
      decisions.push({ ...candidate, strength: candidate.relevance });
    } else if (cues.action.test(text) && !cues.notAction?.test(text)) {
      seen.add(key);
      // A dated commitment is the clearest action item; otherwise centrality decides.
      actions.push({ ...candidate, strength: candidate.relevance * (cues.when.test(text) ? 2 : 1) });
    }
  }
  const top = (list: (Candidate & { strength: number })[]) =>
    list
      .sort((a, b) => b.strength - a.strength)
      .slice(0, MAX_ITEMS)
      .sort((a, b) => a.unit.index - b.unit.index)
      .map((c): SummaryItem => ({ text: c.unit.text, speaker: c.unit.speaker }));
  return { decisions: top(decisions), actionItems: top(actions) };
}
